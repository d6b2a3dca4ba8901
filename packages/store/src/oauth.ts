import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from './db.js';

/**
 * Persistence of the OAuth 2.0 authorization server (migration 0007): registered clients, grants (one per consent),
 * single-use authorization codes and rotating refresh tokens. Protocol checks (PKCE, redirect URI, resource) belong
 * to the server; this module owns what must be atomic: a code is redeemed once, a refresh token rotates once, and a
 * second presentation of either revokes the whole grant.
 */

export interface OAuthClient {
  readonly id: string;
  readonly name: string | null;
  readonly redirectUris: readonly string[];
  readonly createdAt: Date;
}

/** Why a grant was revoked: its client asked (RFC 7009), or a code or refresh token was presented a second time. */
export type OAuthGrantRevocation = 'client_request' | 'code_reuse' | 'refresh_token_reuse';

/** A user's consent to one client: every code, refresh token and access token issued from it lives and dies with it. */
export interface OAuthGrant {
  readonly id: string;
  readonly clientId: string;
  readonly accountId: string;
  readonly scope: string;
  readonly resource: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  readonly revokedReason: OAuthGrantRevocation | null;
  /** Globs over MCP tool names the grant's sessions are limited to (chosen at consent); null: no limit. */
  readonly toolsFilter: readonly string[] | null;
}

export interface RedeemedAuthorizationCode {
  readonly grant: OAuthGrant;
  /** The redirect_uri of the authorization request: the token request must repeat it. */
  readonly redirectUri: string;
  /** The PKCE S256 challenge of the authorization request: the token request's code_verifier must hash to it. */
  readonly codeChallenge: string;
}

export type AuthorizationCodeRedemption =
  | { readonly ok: true; readonly code: RedeemedAuthorizationCode }
  | { readonly ok: false; readonly reason: 'unknown' | 'expired' | 'reused' };

export type RefreshTokenRotation =
  | { readonly ok: true; readonly grant: OAuthGrant; readonly refreshToken: string }
  | { readonly ok: false; readonly reason: 'unknown' | 'wrong_client' | 'revoked' | 'reused' | 'expired' };

export type OAuthGrantRevocationResult = 'revoked' | 'unknown' | 'wrong_client';

const SECRET_BYTES = 32;

/** A fresh code or refresh token: 256 random bits, base64url. Only its SHA-256 is stored. */
const newSecret = () => randomBytes(SECRET_BYTES).toString('base64url');
const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** SQL for "`$n` seconds from now" on the database clock, which every gateway instance shares. */
const secondsFromNow = (parameter: number) => `now() + $${parameter}::double precision * interval '1 second'`;

type ClientRow = { id: string; name: string | null; redirect_uris: string[]; created_at: unknown };
type GrantRow = {
  id: string;
  client_id: string;
  account_id: string;
  scope: string;
  resource: string;
  created_at: unknown;
  revoked_at: unknown;
  revoked_reason: OAuthGrantRevocation | null;
  tools_filter: unknown;
};

const grantColumns = (table: string) =>
  ['id', 'client_id', 'account_id', 'scope', 'resource', 'created_at', 'revoked_at', 'revoked_reason', 'tools_filter']
    .map((column) => `${table}.${column}`)
    .join(', ');

const toClient = (row: ClientRow): OAuthClient => ({
  id: row.id,
  name: row.name,
  redirectUris: row.redirect_uris,
  createdAt: new Date(row.created_at as string),
});

const toGrant = (row: GrantRow): OAuthGrant => ({
  id: row.id,
  clientId: row.client_id,
  accountId: row.account_id,
  scope: row.scope,
  resource: row.resource,
  createdAt: new Date(row.created_at as string),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at as string),
  revokedReason: row.revoked_reason,
  toolsFilter: (row.tools_filter as string[] | null) ?? null,
});

/** Register a public client (RFC 7591); its id is the random client_id it will send. */
export async function registerOAuthClient(
  db: Queryable,
  input: { name: string | undefined; redirectUris: readonly string[] },
): Promise<OAuthClient> {
  const { rows } = await db.query<ClientRow>(
    'INSERT INTO oauth_clients (id, name, redirect_uris) VALUES ($1, $2, $3) RETURNING id, name, redirect_uris, created_at',
    [randomBytes(16).toString('base64url'), input.name ?? null, [...input.redirectUris]],
  );
  return toClient(rows[0]!);
}

export async function findOAuthClient(db: Queryable, clientId: string): Promise<OAuthClient | undefined> {
  const { rows } = await db.query<ClientRow>(
    'SELECT id, name, redirect_uris, created_at FROM oauth_clients WHERE id = $1',
    [clientId],
  );
  return rows[0] && toClient(rows[0]);
}

export async function findOAuthGrant(db: Queryable, grantId: string): Promise<OAuthGrant | undefined> {
  const { rows } = await db.query<GrantRow>(`SELECT ${grantColumns('g')} FROM oauth_grants g WHERE g.id = $1`, [
    grantId,
  ]);
  return rows[0] && toGrant(rows[0]);
}

/** Record a consent and the authorization code that carries it to the client; returns the code (its only copy). */
export async function createAuthorizationCode(
  db: Db,
  input: {
    clientId: string;
    accountId: string;
    scope: string;
    resource: string;
    redirectUri: string;
    codeChallenge: string;
    ttlSeconds: number;
    toolsFilter?: readonly string[] | null | undefined;
  },
): Promise<{ code: string; grantId: string }> {
  const code = newSecret();
  const grantId = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO oauth_grants (id, client_id, account_id, scope, resource, tools_filter) VALUES ($1, $2, $3, $4, $5, $6::jsonb)',
      [
        grantId,
        input.clientId,
        input.accountId,
        input.scope,
        input.resource,
        input.toolsFilter ? JSON.stringify(input.toolsFilter) : null,
      ],
    );
    await tx.query(
      `INSERT INTO oauth_authorization_codes (code_hash, grant_id, redirect_uri, code_challenge, expires_at) VALUES ($1, $2, $3, $4, ${secondsFromNow(5)})`,
      [digest(code), grantId, input.redirectUri, input.codeChallenge, input.ttlSeconds],
    );
  });
  return { code, grantId };
}

async function revokeGrantRow(db: Queryable, grantId: string, reason: OAuthGrantRevocation): Promise<void> {
  // A revoked grant keeps its first revocation time and reason.
  await db.query(
    'UPDATE oauth_grants SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL',
    [grantId, reason],
  );
}

/**
 * Use an authorization code up. The row is locked, so of concurrent redemptions exactly one succeeds; a code
 * presented after its redemption is evidence that it leaked, so its grant (and every token issued from it) is revoked
 * (RFC 6749 §4.1.2). The caller checks the code's bindings afterwards: a code presented with the wrong client,
 * redirect URI or verifier is spent all the same.
 */
export async function redeemAuthorizationCode(db: Db, code: string): Promise<AuthorizationCodeRedemption> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<
      GrantRow & {
        code_hash: string;
        redirect_uri: string;
        code_challenge: string;
        redeemed: boolean;
        expired: boolean;
      }
    >(
      `SELECT c.code_hash, c.redirect_uri, c.code_challenge, c.redeemed_at IS NOT NULL AS redeemed, c.expires_at <= now() AS expired, ${grantColumns('g')}
       FROM oauth_authorization_codes c JOIN oauth_grants g ON g.id = c.grant_id WHERE c.code_hash = $1 FOR UPDATE OF c`,
      [digest(code)],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.redeemed) {
      await revokeGrantRow(tx, row.id, 'code_reuse');
      return { ok: false, reason: 'reused' };
    }
    if (row.expired) return { ok: false, reason: 'expired' };
    await tx.query('UPDATE oauth_authorization_codes SET redeemed_at = now() WHERE code_hash = $1', [row.code_hash]);
    return {
      ok: true,
      code: { grant: toGrant(row), redirectUri: row.redirect_uri, codeChallenge: row.code_challenge },
    };
  });
}

/** A new refresh token of a grant; returns the token (its only copy). */
export async function issueRefreshToken(db: Queryable, grantId: string, ttlSeconds: number): Promise<string> {
  const token = newSecret();
  await db.query(
    `INSERT INTO oauth_refresh_tokens (token_hash, grant_id, expires_at) VALUES ($1, $2, ${secondsFromNow(3)})`,
    [digest(token), grantId, ttlSeconds],
  );
  return token;
}

/**
 * Exchange a refresh token for its successor (rotation, required for public clients by OAuth 2.1 §4.3.1). The row
 * is locked, so of concurrent uses one rotates and the others count as reuse; reuse of a rotated token means two
 * parties hold the grant, so it is revoked. A token presented by another client is refused and left untouched.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  options: { clientId: string; ttlSeconds: number },
): Promise<RefreshTokenRotation> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<GrantRow & { token_hash: string; rotated: boolean; expired: boolean }>(
      `SELECT t.token_hash, t.rotated_at IS NOT NULL AS rotated, t.expires_at <= now() AS expired, ${grantColumns('g')}
       FROM oauth_refresh_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [digest(token)],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.client_id !== options.clientId) return { ok: false, reason: 'wrong_client' };
    if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (row.rotated) {
      await revokeGrantRow(tx, row.id, 'refresh_token_reuse');
      return { ok: false, reason: 'reused' };
    }
    if (row.expired) return { ok: false, reason: 'expired' };
    await tx.query('UPDATE oauth_refresh_tokens SET rotated_at = now() WHERE token_hash = $1', [row.token_hash]);
    return { ok: true, grant: toGrant(row), refreshToken: await issueRefreshToken(tx, row.id, options.ttlSeconds) };
  });
}

/** Revoke a grant at its client's request (RFC 7009); idempotent. Another client's grant is left alone. */
export async function revokeOAuthGrant(
  db: Queryable,
  grantId: string,
  clientId: string,
): Promise<OAuthGrantRevocationResult> {
  const grant = await findOAuthGrant(db, grantId);
  if (!grant) return 'unknown';
  if (grant.clientId !== clientId) return 'wrong_client';
  await revokeGrantRow(db, grantId, 'client_request');
  return 'revoked';
}

/** Revoke the grant a refresh token (current or already rotated) belongs to. */
export async function revokeOAuthGrantOfRefreshToken(
  db: Queryable,
  token: string,
  clientId: string,
): Promise<OAuthGrantRevocationResult> {
  const { rows } = await db.query<{ grant_id: string }>(
    'SELECT grant_id FROM oauth_refresh_tokens WHERE token_hash = $1',
    [digest(token)],
  );
  return rows[0] ? revokeOAuthGrant(db, rows[0].grant_id, clientId) : 'unknown';
}

/**
 * Delete what can no longer be used, `graceSeconds` after it stopped being usable: expired codes and refresh tokens,
 * then grants left with neither (their access tokens expired long before), then clients left without grants (a client
 * that registered but never got consent; MCP SDK clients re-register when told their client_id is unknown).
 * Returns how many rows were deleted.
 */
export async function purgeExpiredOAuthRecords(db: Queryable, graceSeconds = 86_400): Promise<number> {
  const before = `now() - $1::double precision * interval '1 second'`;
  const statements = [
    `DELETE FROM oauth_authorization_codes WHERE expires_at < ${before} RETURNING 1`,
    `DELETE FROM oauth_refresh_tokens WHERE expires_at < ${before} RETURNING 1`,
    `DELETE FROM oauth_grants g WHERE g.created_at < ${before}
       AND NOT EXISTS (SELECT 1 FROM oauth_authorization_codes c WHERE c.grant_id = g.id)
       AND NOT EXISTS (SELECT 1 FROM oauth_refresh_tokens t WHERE t.grant_id = g.id) RETURNING 1`,
    `DELETE FROM oauth_clients c WHERE c.created_at < ${before} AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = c.id) RETURNING 1`,
  ];
  let deleted = 0;
  for (const sql of statements) deleted += (await db.query(sql, [graceSeconds])).rows.length;
  return deleted;
}
