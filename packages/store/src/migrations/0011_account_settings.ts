import type { Migration } from './migration.js';

/**
 * Per-account settings and display lists. `account_settings` holds the slippage settings (percent; an account
 * without a row uses the defaults in slippage.ts). `recommended_tokens` keeps the latest list each
 * displayRecommended*TokensToBuy tool was given, one per chain family (an EVM list remembers its chain id).
 * Both are keyed by account, so one account never reads another's.
 */
export const accountSettings: Migration = {
  version: 11,
  name: 'account_settings',
  sql: `
CREATE TABLE account_settings (
  account_id      text             PRIMARY KEY REFERENCES accounts (id),
  swap_slippage   double precision NOT NULL,
  pump_slippage   double precision NOT NULL,
  updated_at      timestamptz      NOT NULL DEFAULT now()
);

CREATE TABLE recommended_tokens (
  account_id    text        NOT NULL REFERENCES accounts (id),
  chain_family  text        NOT NULL CHECK (chain_family IN ('solana', 'evm', 'hedera')),
  chain_id      integer,
  tokens        jsonb       NOT NULL,
  stored_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, chain_family)
);
`,
};
