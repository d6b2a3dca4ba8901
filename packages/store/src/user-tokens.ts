import { randomBytes } from 'node:crypto';
import { UnknownAccount } from './access-keys.js';
import type { Queryable } from './db.js';

/**
 * User-issued Bearer tokens (migration 0026): what a token may do and until when. The signed JWT is the gateway's
 * business; this module keeps the rows it names, so a revoked or expired token is refused on its next request.
 */
export type UserTokenScope = 'read' | 'transact';

export interface UserTokenRecord {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  readonly scope: UserTokenScope;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
}

const COLUMNS = 'id, account_id, name, scope, created_at, expires_at, revoked_at';

type Row = {
  id: string;
  account_id: string;
  name: string;
  scope: UserTokenScope;
  created_at: unknown;
  expires_at: unknown;
  revoked_at: unknown;
};

const toRecord = (row: Row): UserTokenRecord => ({
  id: row.id,
  accountId: row.account_id,
  name: row.name,
  scope: row.scope,
  createdAt: new Date(row.created_at as string),
  expiresAt: new Date(row.expires_at as string),
  revokedAt: row.revoked_at === null || row.revoked_at === undefined ? null : new Date(row.revoked_at as string),
});

/** Record a new token of an account, valid for `lifetimeSeconds` from now. */
export async function createUserToken(
  db: Queryable,
  input: { accountId: string; name: string; scope: UserTokenScope; lifetimeSeconds: number },
): Promise<UserTokenRecord> {
  const id = `utok_${randomBytes(12).toString('hex')}`;
  // INSERT ... SELECT from accounts: an unknown account inserts nothing (as access keys do).
  const { rows } = await db.query<Row>(
    `INSERT INTO user_tokens (id, account_id, name, scope, expires_at)
     SELECT $1, id, $3, $4, now() + make_interval(secs => $5) FROM accounts WHERE id = $2
     RETURNING ${COLUMNS}`,
    [id, input.accountId, input.name, input.scope, input.lifetimeSeconds],
  );
  if (!rows[0]) throw new UnknownAccount(input.accountId);
  return toRecord(rows[0]);
}

/** Every token of an account, revoked and expired ones included, oldest first. */
export async function listUserTokens(db: Queryable, accountId: string): Promise<UserTokenRecord[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM user_tokens WHERE account_id = $1 ORDER BY created_at, id`,
    [accountId],
  );
  return rows.map(toRecord);
}

/** One token by id (for the Bearer check); undefined when there is none. */
export async function findUserToken(db: Queryable, tokenId: string): Promise<UserTokenRecord | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM user_tokens WHERE id = $1`, [tokenId]);
  return rows[0] && toRecord(rows[0]);
}

/**
 * Revoke one of an account's tokens (idempotent: the first revocation time stays). Undefined when the account has no
 * such token, including when another account does.
 */
export async function revokeUserToken(
  db: Queryable,
  accountId: string,
  tokenId: string,
): Promise<UserTokenRecord | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE user_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
    [tokenId, accountId],
  );
  return rows[0] && toRecord(rows[0]);
}
