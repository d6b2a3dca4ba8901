import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from './db.js';

/**
 * Vault access keys: the `x-api-key` credential of the hosted MCP and A2A endpoints.
 *
 * A key reads `svc_<env>_<id>_<secret>`: `<env>` is `dev` or `live` (a development key only works on the
 * development host and a production key only on the production host), `<id>` is 16 public hex characters naming
 * the row, `<secret>` 32 random bytes in base64url. `svc_<env>_<id>` is the visible prefix shown in lists.
 *
 * Only SHA-256 of the whole key is stored. A slow password hash (bcrypt, scrypt, argon2) exists to make guessing
 * low-entropy passwords expensive; a 256-bit random secret cannot be guessed at any hashing speed, so a fast hash
 * loses nothing and keeps the check cheap on every request.
 */
export type AccessKeyEnvironment = 'development' | 'production';

/** How a key of each environment starts. */
export const ACCESS_KEY_TAG: Readonly<Record<AccessKeyEnvironment, string>> = {
  development: 'svc_dev_',
  production: 'svc_live_',
};
const KEY_FORMAT = /^svc_(dev|live)_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const ID_BYTES = 8;
const SECRET_BYTES = 32;
/** last_used_at is refreshed at most this often, so authenticating a busy key does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** What a list shows about a key: never the key itself. */
export interface AccessKeyRecord {
  readonly id: string;
  /** `svc_<env>_<id>`: how the key starts, so its owner can tell which one it is. */
  readonly prefix: string;
  readonly accountId: string;
  readonly environment: AccessKeyEnvironment;
  readonly name: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  /** Globs over MCP tool names this key's sessions are limited to; null: no limit. */
  readonly toolsFilter: readonly string[] | null;
}

export interface CreatedAccessKey {
  /** The whole key: returned by this call only, never stored and never shown again. */
  readonly key: string;
  readonly record: AccessKeyRecord;
}

/** Why a presented key was refused (`ok: false`), or whose it is. */
export type AccessKeyCheck =
  | { readonly ok: true; readonly key: AccessKeyRecord }
  | { readonly ok: false; readonly reason: 'malformed' | 'wrong_environment' | 'unknown' | 'revoked' };

export class UnknownAccount extends Error {
  override readonly name = 'UnknownAccount';
  constructor(readonly accountId: string) {
    super(`No account ${accountId}.`);
  }
}

function accessKeyPrefix(environment: AccessKeyEnvironment, id: string): string {
  return `${ACCESS_KEY_TAG[environment]}${id}`;
}

/** The environment a key or visible prefix was made for, judged by its tag alone. */
export function accessKeyEnvironmentOf(keyOrPrefix: string): AccessKeyEnvironment | undefined {
  return (Object.keys(ACCESS_KEY_TAG) as AccessKeyEnvironment[]).find((environment) =>
    keyOrPrefix.startsWith(ACCESS_KEY_TAG[environment]),
  );
}

const sha256 = (key: string) => createHash('sha256').update(key).digest();

const COLUMNS = 'id, account_id, environment, name, created_at, last_used_at, revoked_at, tools_filter';

type Row = {
  id: string;
  account_id: string;
  environment: AccessKeyEnvironment;
  name: string;
  created_at: unknown;
  last_used_at: unknown;
  revoked_at: unknown;
  tools_filter: unknown;
};

const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

function toRecord(row: Row): AccessKeyRecord {
  return {
    id: row.id,
    prefix: accessKeyPrefix(row.environment, row.id),
    accountId: row.account_id,
    environment: row.environment,
    name: row.name,
    createdAt: new Date(row.created_at as string),
    lastUsedAt: dateOrNull(row.last_used_at),
    revokedAt: dateOrNull(row.revoked_at),
    // jsonb arrives parsed from PGlite and from node-postgres alike.
    toolsFilter: (row.tools_filter as string[] | null) ?? null,
  };
}

const toolsFilterJson = (filter: readonly string[] | null | undefined) =>
  filter === null || filter === undefined ? null : JSON.stringify(filter);

/** Create a key for an account; the returned `key` is the only copy there will ever be. */
export async function createAccessKey(
  db: Queryable,
  input: {
    accountId: string;
    name: string;
    environment: AccessKeyEnvironment;
    toolsFilter?: readonly string[] | null | undefined;
  },
): Promise<CreatedAccessKey> {
  const id = randomBytes(ID_BYTES).toString('hex');
  const key = `${accessKeyPrefix(input.environment, id)}_${randomBytes(SECRET_BYTES).toString('base64url')}`;
  // INSERT ... SELECT from accounts: an unknown account inserts nothing, told apart from other failures without
  // relying on a driver's foreign-key error shape.
  const { rows } = await db.query<Row>(
    `INSERT INTO access_keys (id, account_id, environment, name, secret_hash, tools_filter)
     SELECT $1, id, $3, $4, $5, $6::jsonb FROM accounts WHERE id = $2
     RETURNING ${COLUMNS}`,
    [
      id,
      input.accountId,
      input.environment,
      input.name,
      sha256(key).toString('hex'),
      toolsFilterJson(input.toolsFilter),
    ],
  );
  if (!rows[0]) throw new UnknownAccount(input.accountId);
  return { key, record: toRecord(rows[0]) };
}

/** Every key of an account, revoked ones included, oldest first. */
export async function listAccessKeys(db: Queryable, accountId: string): Promise<AccessKeyRecord[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM access_keys WHERE account_id = $1 ORDER BY created_at, id`,
    [accountId],
  );
  return rows.map(toRecord);
}

/**
 * Revoke one of an account's keys (idempotent: a revoked key keeps its first revocation time). Undefined when the
 * account has no such key — including when another account does, so one account cannot probe another's keys.
 */
export async function revokeAccessKey(
  db: Queryable,
  accountId: string,
  keyId: string,
): Promise<AccessKeyRecord | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE access_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
    [keyId, accountId],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * Set (or, with null, clear) the tools filter of one of an account's keys; undefined when the account has no such key.
 */
export async function setAccessKeyToolsFilter(
  db: Queryable,
  accountId: string,
  keyId: string,
  toolsFilter: readonly string[] | null,
): Promise<AccessKeyRecord | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE access_keys SET tools_filter = $3::jsonb WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
    [keyId, accountId, toolsFilterJson(toolsFilter)],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * Authenticate a presented key on a host of `environment`. The row is found by the key's public id and the secret
 * is checked by comparing SHA-256 digests with `timingSafeEqual`, so response time says nothing about how much of
 * a guessed secret was right.
 */
export async function authenticateAccessKey(
  db: Queryable,
  presented: string,
  environment: AccessKeyEnvironment,
): Promise<AccessKeyCheck> {
  const parts = KEY_FORMAT.exec(presented);
  if (!parts) return { ok: false, reason: 'malformed' };
  if (accessKeyEnvironmentOf(presented) !== environment) return { ok: false, reason: 'wrong_environment' };
  const { rows } = await db.query<Row & { secret_hash: string }>(
    `SELECT ${COLUMNS}, secret_hash FROM access_keys WHERE id = $1`,
    [parts[2]],
  );
  const row = rows[0];
  if (!row || !timingSafeEqual(Buffer.from(row.secret_hash, 'hex'), sha256(presented)))
    return { ok: false, reason: 'unknown' };
  const key = toRecord(row);
  if (key.revokedAt) return { ok: false, reason: 'revoked' };
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.query('UPDATE access_keys SET last_used_at = now() WHERE id = $1', [key.id]);
  }
  return { ok: true, key };
}
