import type { Migration } from './migration.js';

/** One row per tool call that reached payment or execution: who called what, what was paid, what happened. */
export const callLedger: Migration = {
  version: 1,
  name: 'call_ledger',
  sql: `
CREATE TABLE call_ledger (
  id           bigserial PRIMARY KEY,
  tool         text        NOT NULL,
  account_id   text,
  payer        text,
  token        text,
  amount       numeric(78, 0),
  tx_hash      text,
  outcome      text        NOT NULL,
  http_status  integer     NOT NULL,
  latency_ms   integer     NOT NULL CHECK (latency_ms >= 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX call_ledger_tool_created ON call_ledger (tool, created_at DESC);
CREATE INDEX call_ledger_account_created ON call_ledger (account_id, created_at DESC) WHERE account_id IS NOT NULL;
`,
};
