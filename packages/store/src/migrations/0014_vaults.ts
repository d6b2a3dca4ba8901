import type { Migration } from './migration.js';

/**
 * The service's vault product (svcCreateVault & co.): many vaults per account, each with its own BIP-39 entropy
 * sealed exactly like `vault_keys` (envelope encryption under the master key named in `master_key_id`) and its public
 * addresses in clear so reads never decrypt.
 * - `chains`: the deposit chains the vault shows and scans (its seed derives every chain's key regardless).
 * - `vault_id` is a uint256 in decimal: it becomes the ERC-721 token id when the vault is minted.
 * - The sealed columns are emptied when the keys are revealed: the service hands them out once and keeps no copy.
 * - `balances` is the last scan's result (per chain), `balances_refreshed_at` when it ran.
 * - A minted vault records its collection (`nft_chain_id`, `nft_contract`), the recipient and the mint transaction;
 *   a revealed one the burn transaction.
 * Version 13 is reserved for another branch.
 */
export const vaults: Migration = {
  version: 14,
  name: 'vaults',
  sql: `
CREATE TABLE vaults (
  vault_id               text        PRIMARY KEY,
  account_id             text        NOT NULL REFERENCES accounts (id),
  name                   text,
  description            text,
  status                 text        NOT NULL DEFAULT 'unminted' CHECK (status IN ('unminted', 'minted', 'revealed')),
  envelope_version       smallint,
  master_key_id          text,
  wrapped_data_key       text,
  ciphertext             text,
  chains                 text[]      NOT NULL,
  addresses              jsonb       NOT NULL,
  balances               jsonb,
  balances_refreshed_at  timestamptz,
  nft_chain_id           integer,
  nft_contract           text,
  minted_to              text,
  mint_tx_hash           text,
  minted_at              timestamptz,
  burn_tx_hash           text,
  revealed_at            timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'revealed') = (ciphertext IS NULL)),
  CHECK ((status = 'unminted') = (nft_contract IS NULL))
);
CREATE INDEX vaults_account ON vaults (account_id, created_at, vault_id);
CREATE INDEX vaults_collection ON vaults (nft_chain_id, nft_contract, minted_at) WHERE nft_contract IS NOT NULL;
`,
};
