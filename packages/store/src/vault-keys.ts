import type { Queryable } from './db.js';

/** A vault secret as stored: sealed by the custody package (envelope encryption); this module never sees plaintext. */
export interface SealedVaultSecret {
  readonly version: number;
  readonly masterKeyId: string;
  readonly wrappedDataKey: string;
  readonly ciphertext: string;
}

export interface StoredVaultKey {
  readonly accountId: string;
  readonly sealed: SealedVaultSecret;
  /** The vault's public addresses (JSON, shaped by the custody package). */
  readonly addresses: unknown;
}

type VaultKeyRow = {
  account_id: string;
  envelope_version: number;
  master_key_id: string;
  wrapped_data_key: string;
  ciphertext: string;
  addresses: unknown;
};

const COLUMNS = 'account_id, envelope_version, master_key_id, wrapped_data_key, ciphertext, addresses';

const toStored = (row: VaultKeyRow): StoredVaultKey => ({
  accountId: row.account_id,
  sealed: {
    version: row.envelope_version,
    masterKeyId: row.master_key_id,
    wrappedDataKey: row.wrapped_data_key,
    ciphertext: row.ciphertext,
  },
  addresses: row.addresses,
});

/** The account's vault, if it has one. */
export async function vaultKeyOf(db: Queryable, accountId: string): Promise<StoredVaultKey | undefined> {
  const { rows } = await db.query<VaultKeyRow>(`SELECT ${COLUMNS} FROM vault_keys WHERE account_id = $1`, [accountId]);
  return rows[0] && toStored(rows[0]);
}

/**
 * Store an account's first vault. Of concurrent first creations exactly one row wins (primary key, ON CONFLICT DO
 * NOTHING); every caller gets that winner back, so an account never has two vaults or sees a loser's addresses.
 */
export async function insertVaultKey(
  db: Queryable,
  accountId: string,
  sealed: SealedVaultSecret,
  addresses: unknown,
): Promise<StoredVaultKey> {
  await db.query(
    `INSERT INTO vault_keys (account_id, envelope_version, master_key_id, wrapped_data_key, ciphertext, addresses)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (account_id) DO NOTHING`,
    [
      accountId,
      sealed.version,
      sealed.masterKeyId,
      sealed.wrappedDataKey,
      sealed.ciphertext,
      JSON.stringify(addresses),
    ],
  );
  const stored = await vaultKeyOf(db, accountId);
  if (!stored) throw new Error(`vault_keys row of ${accountId} vanished after insert`);
  return stored;
}

/**
 * Up to `limit` vaults sealed under another master key than `keyId`, locked for re-sealing in the caller's
 * transaction (SKIP LOCKED: two rotation runs share the work instead of waiting on each other).
 */
export async function vaultKeysToReseal(tx: Queryable, keyId: string, limit: number): Promise<StoredVaultKey[]> {
  const { rows } = await tx.query<VaultKeyRow>(
    `SELECT ${COLUMNS} FROM vault_keys WHERE master_key_id <> $1 ORDER BY account_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [keyId, limit],
  );
  return rows.map(toStored);
}

/** Replace a vault's seal (same secret, new envelope); false when it is no longer sealed under `fromKeyId`. */
export async function resealVaultKey(
  tx: Queryable,
  accountId: string,
  fromKeyId: string,
  sealed: SealedVaultSecret,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE vault_keys SET envelope_version = $3, master_key_id = $4, wrapped_data_key = $5, ciphertext = $6, sealed_at = now()
      WHERE account_id = $1 AND master_key_id = $2 RETURNING account_id`,
    [accountId, fromKeyId, sealed.version, sealed.masterKeyId, sealed.wrappedDataKey, sealed.ciphertext],
  );
  return rows.length === 1;
}

/**
 * How many sealed seeds each master key holds, account vaults and unrevealed product vaults (`vaults`) together (the
 * rotation command's progress report: a key may be retired only once it seals none of either).
 */
export async function vaultKeyCountsByMasterKey(db: Queryable): Promise<{ masterKeyId: string; count: number }[]> {
  const { rows } = await db.query<{ master_key_id: string; count: string | number }>(
    `SELECT master_key_id, count(*) AS count
       FROM (SELECT master_key_id FROM vault_keys UNION ALL SELECT master_key_id FROM vaults WHERE ciphertext IS NOT NULL) AS sealed
      GROUP BY master_key_id ORDER BY master_key_id`,
  );
  return rows.map((row) => ({ masterKeyId: row.master_key_id, count: Number(row.count) }));
}
