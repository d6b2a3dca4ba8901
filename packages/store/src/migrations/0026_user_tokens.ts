import type { Migration } from './migration.js';

/**
 * User-issued Bearer tokens: a signed-in wallet mints a scoped, expiring JWT for its account (`read`: the tools that
 * change nothing; `transact`: a session that may opt into wallet-modifying tools too) and can revoke it. The JWT itself
 * is never stored: it names its row (`token_id`), which every request reads, so revocation takes effect at once. A
 * revoked token keeps its row, so a list still shows it.
 */
export const userTokens: Migration = {
  version: 26,
  name: 'user_tokens',
  sql: `
CREATE TABLE user_tokens (
  id            text        PRIMARY KEY,
  account_id    text        NOT NULL REFERENCES accounts (id),
  name          text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  scope         text        NOT NULL CHECK (scope IN ('read', 'transact')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX user_tokens_account ON user_tokens (account_id, created_at);
`,
};
