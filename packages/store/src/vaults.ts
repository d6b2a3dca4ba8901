import type { Queryable } from './db.js';
import type { SealedVaultSecret } from './vault-keys.js';

export type VaultStatus = 'unminted' | 'minted' | 'revealed';

/** A vault's NFT: the collection it was minted into and what happened to the token. */
export interface VaultNft {
  readonly chainId: number;
  readonly contract: string;
  /** The vault id: the token id is the vault id. */
  readonly tokenId: string;
  readonly mintedTo: string;
  readonly mintTxHash: string;
  readonly mintedAt: string;
  /** Set once the token was burned to reveal the keys. */
  readonly burnTxHash: string | null;
}

/** A vault's public record: never its sealed secret. */
export interface StoredVault {
  readonly vaultId: string;
  readonly accountId: string;
  readonly name: string | null;
  readonly description: string | null;
  readonly status: VaultStatus;
  /** The deposit chains the vault shows and scans. */
  readonly chains: string[];
  /** Public addresses (JSON, shaped by the custody package). */
  readonly addresses: unknown;
  /** The last balance scan (JSON, shaped by the vault tools), or null before the first. */
  readonly balances: unknown;
  readonly balancesRefreshedAt: string | null;
  readonly nft: VaultNft | null;
  readonly revealedAt: string | null;
  readonly createdAt: string;
}

export interface NewVault {
  readonly vaultId: string;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly sealed: SealedVaultSecret;
  readonly chains: readonly string[];
  readonly addresses: unknown;
}

export interface VaultMint {
  readonly chainId: number;
  readonly contract: string;
  readonly mintedTo: string;
  readonly txHash: string;
}

export interface VaultPage {
  readonly page: number;
  readonly limit: number;
}

type VaultRow = {
  vault_id: string;
  account_id: string;
  name: string | null;
  description: string | null;
  status: VaultStatus;
  chains: string[];
  addresses: unknown;
  balances: unknown;
  balances_refreshed_at: Date | string | null;
  nft_chain_id: number | null;
  nft_contract: string | null;
  minted_to: string | null;
  mint_tx_hash: string | null;
  minted_at: Date | string | null;
  burn_tx_hash: string | null;
  revealed_at: Date | string | null;
  created_at: Date | string;
};

const PUBLIC_COLUMNS =
  'vault_id, account_id, name, description, status, chains, addresses, balances, balances_refreshed_at, nft_chain_id, nft_contract, minted_to, mint_tx_hash, minted_at, burn_tx_hash, revealed_at, created_at';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toStored = (row: VaultRow): StoredVault => ({
  vaultId: row.vault_id,
  accountId: row.account_id,
  name: row.name,
  description: row.description,
  status: row.status,
  chains: row.chains,
  addresses: row.addresses,
  balances: row.balances,
  balancesRefreshedAt: iso(row.balances_refreshed_at),
  nft:
    row.nft_contract === null
      ? null
      : {
          chainId: row.nft_chain_id!,
          contract: row.nft_contract,
          tokenId: row.vault_id,
          mintedTo: row.minted_to!,
          mintTxHash: row.mint_tx_hash!,
          mintedAt: iso(row.minted_at)!,
          burnTxHash: row.burn_tx_hash,
        },
  revealedAt: iso(row.revealed_at),
  createdAt: iso(row.created_at)!,
});

/** Store a new vault of `accountId`. */
export async function insertVault(db: Queryable, accountId: string, vault: NewVault): Promise<StoredVault> {
  const { sealed } = vault;
  const { rows } = await db.query<VaultRow>(
    `INSERT INTO vaults (vault_id, account_id, name, description, envelope_version, master_key_id, wrapped_data_key, ciphertext, chains, addresses)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10::jsonb) RETURNING ${PUBLIC_COLUMNS}`,
    [
      vault.vaultId,
      accountId,
      vault.name ?? null,
      vault.description ?? null,
      sealed.version,
      sealed.masterKeyId,
      sealed.wrappedDataKey,
      sealed.ciphertext,
      vault.chains,
      JSON.stringify(vault.addresses),
    ],
  );
  return toStored(rows[0]!);
}

/** One of the account's vaults; another account's vault is not found, exactly like a missing one. */
export async function vaultOf(db: Queryable, accountId: string, vaultId: string): Promise<StoredVault | undefined> {
  const { rows } = await db.query<VaultRow>(
    `SELECT ${PUBLIC_COLUMNS} FROM vaults WHERE vault_id = $1 AND account_id = $2`,
    [vaultId, accountId],
  );
  return rows[0] && toStored(rows[0]);
}

/** One page of the vaults `where` selects (its parameters are $1 and $2), in `order`, with the total for paging. */
async function pageOfVaults(
  db: Queryable,
  where: string,
  params: readonly unknown[],
  order: string,
  page: VaultPage,
): Promise<{ vaults: StoredVault[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<VaultRow>(`SELECT ${PUBLIC_COLUMNS} FROM vaults WHERE ${where} ORDER BY ${order} LIMIT $3 OFFSET $4`, [
      ...params,
      page.limit,
      (page.page - 1) * page.limit,
    ]),
    db.query<{ total: string | number }>(`SELECT count(*) AS total FROM vaults WHERE ${where}`, params),
  ]);
  return { vaults: rows.map(toStored), total: Number(count.rows[0]!.total) };
}

/** The account's vaults, oldest first, optionally of one status, with the total count for paging. */
export function vaultsOf(
  db: Queryable,
  accountId: string,
  filter: { status?: VaultStatus | undefined } & VaultPage,
): Promise<{ vaults: StoredVault[]; total: number }> {
  return pageOfVaults(
    db,
    'account_id = $1 AND ($2::text IS NULL OR status = $2)',
    [accountId, filter.status ?? null],
    'created_at, vault_id',
    filter,
  );
}

/** The sealed secret of one of the account's vaults; undefined when missing, another account's, or already revealed. */
export async function sealedVaultSecretOf(
  db: Queryable,
  accountId: string,
  vaultId: string,
): Promise<SealedVaultSecret | undefined> {
  const { rows } = await db.query<{
    envelope_version: number;
    master_key_id: string;
    wrapped_data_key: string;
    ciphertext: string;
  }>(
    'SELECT envelope_version, master_key_id, wrapped_data_key, ciphertext FROM vaults WHERE vault_id = $1 AND account_id = $2 AND ciphertext IS NOT NULL',
    [vaultId, accountId],
  );
  const row = rows[0];
  return (
    row && {
      version: row.envelope_version,
      masterKeyId: row.master_key_id,
      wrappedDataKey: row.wrapped_data_key,
      ciphertext: row.ciphertext,
    }
  );
}

/** Record a balance scan; undefined when the vault is not the account's. */
export async function recordVaultBalances(
  db: Queryable,
  accountId: string,
  vaultId: string,
  balances: unknown,
): Promise<StoredVault | undefined> {
  const { rows } = await db.query<VaultRow>(
    `UPDATE vaults SET balances = $3::jsonb, balances_refreshed_at = now() WHERE vault_id = $1 AND account_id = $2 RETURNING ${PUBLIC_COLUMNS}`,
    [vaultId, accountId, JSON.stringify(balances)],
  );
  return rows[0] && toStored(rows[0]);
}

/** Delete one of the account's vaults if it is still unminted; false otherwise (missing, another's, minted, revealed). */
export async function deleteUnmintedVault(db: Queryable, accountId: string, vaultId: string): Promise<boolean> {
  const { rows } = await db.query(
    "DELETE FROM vaults WHERE vault_id = $1 AND account_id = $2 AND status = 'unminted' RETURNING vault_id",
    [vaultId, accountId],
  );
  return rows.length === 1;
}

/** Mark an unminted vault minted; undefined when it is not the account's unminted vault. */
export async function recordVaultMint(
  db: Queryable,
  accountId: string,
  vaultId: string,
  mint: VaultMint,
): Promise<StoredVault | undefined> {
  const { rows } = await db.query<VaultRow>(
    `UPDATE vaults SET status = 'minted', nft_chain_id = $3, nft_contract = $4, minted_to = $5, mint_tx_hash = $6, minted_at = now()
      WHERE vault_id = $1 AND account_id = $2 AND status = 'unminted' RETURNING ${PUBLIC_COLUMNS}`,
    [vaultId, accountId, mint.chainId, mint.contract, mint.mintedTo, mint.txHash],
  );
  return rows[0] && toStored(rows[0]);
}

/**
 * Mark a minted vault revealed and drop its sealed secret, so the keys can never be handed out again; undefined when
 * it is not the account's minted vault (a concurrent reveal got there first).
 */
export async function recordVaultReveal(
  db: Queryable,
  accountId: string,
  vaultId: string,
  burnTxHash: string,
): Promise<StoredVault | undefined> {
  const { rows } = await db.query<VaultRow>(
    `UPDATE vaults SET status = 'revealed', burn_tx_hash = $3, revealed_at = now(),
            envelope_version = NULL, master_key_id = NULL, wrapped_data_key = NULL, ciphertext = NULL
      WHERE vault_id = $1 AND account_id = $2 AND status = 'minted' RETURNING ${PUBLIC_COLUMNS}`,
    [vaultId, accountId, burnTxHash],
  );
  return rows[0] && toStored(rows[0]);
}

/** Any vault by id, whoever owns it: for the public collection reads, which must show only public fields. */
export async function anyVault(db: Queryable, vaultId: string): Promise<StoredVault | undefined> {
  const { rows } = await db.query<VaultRow>(`SELECT ${PUBLIC_COLUMNS} FROM vaults WHERE vault_id = $1`, [vaultId]);
  return rows[0] && toStored(rows[0]);
}

/** The vaults ever minted into one collection, in mint order, with the total count for paging. */
export function vaultsMintedInto(
  db: Queryable,
  chainId: number,
  contract: string,
  page: VaultPage,
): Promise<{ vaults: StoredVault[]; total: number }> {
  // Contracts are stored checksummed (as the tools pass them), so the index serves this lookup.
  return pageOfVaults(db, 'nft_chain_id = $1 AND nft_contract = $2', [chainId, contract], 'minted_at, vault_id', page);
}

/** A product vault's seal, for the master key rotation. */
export interface VaultSecretToReseal {
  readonly vaultId: string;
  readonly accountId: string;
  readonly sealed: SealedVaultSecret;
}

/**
 * Up to `limit` unrevealed vaults sealed under another master key than `keyId`, locked for re-sealing in the caller's
 * transaction (SKIP LOCKED, like `vaultKeysToReseal`).
 */
export async function vaultSecretsToReseal(
  tx: Queryable,
  keyId: string,
  limit: number,
): Promise<VaultSecretToReseal[]> {
  const { rows } = await tx.query<{
    vault_id: string;
    account_id: string;
    envelope_version: number;
    master_key_id: string;
    wrapped_data_key: string;
    ciphertext: string;
  }>(
    `SELECT vault_id, account_id, envelope_version, master_key_id, wrapped_data_key, ciphertext FROM vaults
      WHERE ciphertext IS NOT NULL AND master_key_id <> $1 ORDER BY vault_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [keyId, limit],
  );
  return rows.map((row) => ({
    vaultId: row.vault_id,
    accountId: row.account_id,
    sealed: {
      version: row.envelope_version,
      masterKeyId: row.master_key_id,
      wrappedDataKey: row.wrapped_data_key,
      ciphertext: row.ciphertext,
    },
  }));
}

/** Replace a vault's seal (same secret, new envelope); false when it is no longer sealed under `fromKeyId`. */
export async function resealVaultSecret(
  tx: Queryable,
  vaultId: string,
  fromKeyId: string,
  sealed: SealedVaultSecret,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE vaults SET envelope_version = $3, master_key_id = $4, wrapped_data_key = $5, ciphertext = $6
      WHERE vault_id = $1 AND master_key_id = $2 AND ciphertext IS NOT NULL RETURNING vault_id`,
    [vaultId, fromKeyId, sealed.version, sealed.masterKeyId, sealed.wrappedDataKey, sealed.ciphertext],
  );
  return rows.length === 1;
}
