import type { Queryable } from './db.js';

export type TrackedAddressKind = 'evm' | 'solana';

export interface TrackedWallet {
  readonly address: string;
  readonly label: string | null;
  readonly chains: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

type TrackedWalletRow = {
  address: string;
  label: string | null;
  chains: string[];
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = 'address, label, chains, created_at, updated_at';
const iso = (value: Date | string) => new Date(value).toISOString();

function toTrackedWallet(row: TrackedWalletRow): TrackedWallet {
  return {
    address: row.address,
    label: row.label,
    chains: row.chains,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** How a tracked address is keyed and matched against chain data: EVM addresses are case-insensitive. */
export function trackedAddressKey(kind: TrackedAddressKind, address: string): string {
  return kind === 'evm' ? address.toLowerCase() : address;
}

export type TrackResult = { readonly wallet: TrackedWallet; readonly created: boolean } | undefined;

/**
 * Track a wallet for an account, or update its label (when given) and chains when the account already tracks it.
 * A new wallet is refused (undefined) once the account tracks `limit`: the count and the insert are one statement,
 * so sequential calls respect it exactly; concurrent adds may overshoot by their number, which only bounds work.
 */
export async function trackWallet(
  db: Queryable,
  accountId: string,
  wallet: { kind: TrackedAddressKind; address: string; label: string | undefined; chains: readonly string[] },
  limit: number,
): Promise<TrackResult> {
  const key = trackedAddressKey(wallet.kind, wallet.address);
  const { rows } = await db.query<TrackedWalletRow & { created: boolean }>(
    `INSERT INTO tracked_wallets (account_id, address_key, address, kind, label, chains)
     SELECT $1, $2, $3, $4, $5, $6::text[]
      WHERE (SELECT count(*) FROM tracked_wallets WHERE account_id = $1) < $7
         OR EXISTS (SELECT 1 FROM tracked_wallets WHERE account_id = $1 AND address_key = $2)
     ON CONFLICT (account_id, address_key) DO UPDATE
        SET address = EXCLUDED.address, label = COALESCE(EXCLUDED.label, tracked_wallets.label), chains = EXCLUDED.chains, updated_at = now()
     RETURNING ${COLUMNS}, (xmax = 0) AS created`,
    [accountId, key, wallet.address, wallet.kind, wallet.label ?? null, [...wallet.chains], limit],
  );
  const row = rows[0];
  return row && { wallet: toTrackedWallet(row), created: row.created };
}

/**
 * How many wallets the account tracks, and whether it tracks this address: what a tracked-wallet tool checks
 * before its commit point, so a call it refuses is not charged.
 */
export async function trackedWalletsHeld(
  db: Queryable,
  accountId: string,
  kind: TrackedAddressKind,
  address: string,
): Promise<{ count: number; includes: boolean }> {
  const { rows } = await db.query<{ count: string | number; includes: boolean | null }>(
    'SELECT count(*) AS count, bool_or(address_key = $2) AS includes FROM tracked_wallets WHERE account_id = $1',
    [accountId, trackedAddressKey(kind, address)],
  );
  return { count: Number(rows[0]?.count ?? 0), includes: rows[0]?.includes === true };
}

/** The account's tracked wallets, oldest first. */
export async function trackedWalletsOf(db: Queryable, accountId: string): Promise<TrackedWallet[]> {
  const { rows } = await db.query<TrackedWalletRow>(
    `SELECT ${COLUMNS} FROM tracked_wallets WHERE account_id = $1 ORDER BY created_at, address_key`,
    [accountId],
  );
  return rows.map(toTrackedWallet);
}

/** Stop tracking; false when the account does not track this address. */
export async function untrackWallet(
  db: Queryable,
  accountId: string,
  kind: TrackedAddressKind,
  address: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM tracked_wallets WHERE account_id = $1 AND address_key = $2 RETURNING address_key',
    [accountId, trackedAddressKey(kind, address)],
  );
  return rows.length === 1;
}

/** Every address some account tracks on `chain` (address keys), for the watcher. */
export async function trackedAddressesOn(db: Queryable, chain: string): Promise<string[]> {
  const { rows } = await db.query<{ address_key: string }>(
    'SELECT DISTINCT address_key FROM tracked_wallets WHERE $1 = ANY (chains) ORDER BY address_key',
    [chain],
  );
  return rows.map((row) => row.address_key);
}
