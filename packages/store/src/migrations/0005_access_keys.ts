import type { Migration } from './migration.js';

/**
 * Vault access keys: the `x-api-key` credential of the hosted MCP and A2A endpoints. The key itself is shown once
 * at creation and never stored: `secret_hash` is the SHA-256 of the whole key (see access-keys.ts for why a fast
 * hash is the right one here). `id` is public: it is part of the key's visible prefix (`svc_live_<id>`), the
 * handle for listing and revoking, and how a presented key finds its row. A revoked key keeps its row, so a list
 * still shows it and its id is never reused.
 */
export const accessKeys: Migration = {
  version: 5,
  name: 'access_keys',
  sql: `
CREATE TABLE access_keys (
  id            text        PRIMARY KEY,
  account_id    text        NOT NULL REFERENCES accounts (id),
  environment   text        NOT NULL CHECK (environment IN ('development', 'production')),
  name          text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  secret_hash   text        NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX access_keys_account ON access_keys (account_id, created_at);
`,
};
