import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.js';

/**
 * Use up a sign-in nonce the caller has already checked (issued by us, not expired): the first consumer stores it and
 * gets 'ok'; any other, concurrent or later, gets 'used'. The row is kept until it expires, which is as long as the
 * nonce could be presented at all.
 */
export async function consumeNonce(db: Queryable, nonce: string, expiresAt: Date): Promise<'ok' | 'used'> {
  const { rows } = await db.query(
    'INSERT INTO siwx_nonces (nonce, expires_at, used_at) VALUES ($1, $2, now()) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
    [nonce, expiresAt],
  );
  return rows.length === 1 ? 'ok' : 'used';
}

/** Whether a nonce was already used (a cheap pre-check before verifying a signature). */
export async function nonceUsed(db: Queryable, nonce: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM siwx_nonces WHERE nonce = $1', [nonce]);
  return rows.length > 0;
}

/** Delete nonces that expired more than `graceSeconds` ago; a proof carrying one is rejected either way. */
export async function purgeExpiredNonces(db: Queryable, graceSeconds = 3600): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM siwx_nonces WHERE expires_at < now() - $1::double precision * interval '1 second' RETURNING nonce`,
    [graceSeconds],
  );
  return rows.length;
}

/** The account key of a wallet: EVM addresses are case-insensitive, so they are stored lower-cased. */
export function walletKey(chainId: string, address: string): string {
  return chainId.startsWith('eip155:') ? address.toLowerCase() : address;
}

export interface WalletAccount {
  readonly accountId: string;
  /** True when this call created the account (the wallet's first sign-in). */
  readonly created: boolean;
}

export function newAccountId(): string {
  return `acct_${randomBytes(12).toString('hex')}`;
}

async function findAccount(db: Queryable, chainId: string, address: string): Promise<string | undefined> {
  const { rows } = await db.query<{ account_id: string }>(
    'SELECT account_id FROM account_wallets WHERE chain_id = $1 AND address = $2',
    [chainId, address],
  );
  return rows[0]?.account_id;
}

/**
 * The account of a wallet (CAIP-2 chain id and address), created on its first sign-in. The wallet row is the
 * uniqueness gate: it is inserted ON CONFLICT DO NOTHING together with its account in one statement, so of
 * concurrent first sign-ins exactly one creates an account (no orphan account rows) and the others read it.
 */
export async function accountForWallet(db: Queryable, chainId: string, address: string): Promise<WalletAccount> {
  const key = walletKey(chainId, address);
  const existing = await findAccount(db, chainId, key);
  if (existing) return { accountId: existing, created: false };
  const { rows } = await db.query<{ id: string }>(
    `WITH wallet AS (
       INSERT INTO account_wallets (chain_id, address, account_id) VALUES ($1, $2, $3)
       ON CONFLICT (chain_id, address) DO NOTHING RETURNING account_id
     )
     INSERT INTO accounts (id) SELECT account_id FROM wallet RETURNING id`,
    [chainId, key, newAccountId()],
  );
  if (rows[0]) return { accountId: rows[0].id, created: true };
  const winner = await findAccount(db, chainId, key);
  if (!winner) throw new Error(`account_wallets row for ${chainId}:${key} vanished during sign-in`);
  return { accountId: winner, created: false };
}

/** Every wallet linked to an account. */
export async function walletsOfAccount(
  db: Queryable,
  accountId: string,
): Promise<{ chainId: string; address: string }[]> {
  const { rows } = await db.query<{ chain_id: string; address: string }>(
    'SELECT chain_id, address FROM account_wallets WHERE account_id = $1 ORDER BY created_at, chain_id, address',
    [accountId],
  );
  return rows.map((row) => ({ chainId: row.chain_id, address: row.address }));
}
