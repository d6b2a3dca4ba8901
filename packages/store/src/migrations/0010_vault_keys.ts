import type { Migration } from './migration.js';

/**
 * One custodial vault per account: its BIP-39 entropy sealed by envelope encryption (AES-256-GCM under a random
 * data key, the data key wrapped by the master key named in `master_key_id`), and its public addresses in clear
 * so reads never decrypt. The primary key on `account_id` makes lazy creation idempotent under concurrency;
 * `master_key_id` is indexed for the rotation command, which re-seals every row not under the current key.
 */
export const vaultKeys: Migration = {
  version: 10,
  name: 'vault_keys',
  sql: `
CREATE TABLE vault_keys (
  account_id        text        PRIMARY KEY REFERENCES accounts (id),
  envelope_version  smallint    NOT NULL,
  master_key_id     text        NOT NULL,
  wrapped_data_key  text        NOT NULL,
  ciphertext        text        NOT NULL,
  addresses         jsonb       NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  sealed_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vault_keys_master_key ON vault_keys (master_key_id);
`,
};
