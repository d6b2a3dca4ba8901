import type { Migration } from './migration.js';

/**
 * Spending policies (one row per account that changed the defaults) and the spend they cap. Amounts are micro-USD.
 * `policy_spend` holds one row per charged call, reserved before the call may move anything and deleted when the
 * call ends uncharged, so the rolling 24-hour sum is what the account really spent, across every transport.
 */
export const spendingPolicies: Migration = {
  version: 9,
  name: 'spending_policies',
  sql: `
CREATE TABLE spending_policies (
  account_id          text           PRIMARY KEY REFERENCES accounts (id),
  per_call_usd        numeric(30, 0) NOT NULL CHECK (per_call_usd > 0),
  daily_usd           numeric(30, 0) NOT NULL CHECK (daily_usd > 0),
  allowed_recipients  jsonb,
  allowed_tools       jsonb,
  updated_at          timestamptz    NOT NULL DEFAULT now()
);
CREATE TABLE policy_spend (
  id          bigserial      PRIMARY KEY,
  account_id  text           NOT NULL REFERENCES accounts (id),
  tool        text           NOT NULL,
  usd         numeric(30, 0) NOT NULL CHECK (usd >= 0),
  created_at  timestamptz    NOT NULL DEFAULT now()
);
CREATE INDEX policy_spend_account_time ON policy_spend (account_id, created_at);
`,
};
