import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { accountForWallet } from './identity.js';
import {
  createAuthorizationCode,
  findOAuthClient,
  findOAuthGrant,
  issueRefreshToken,
  type OAuthClient,
  purgeExpiredOAuthRecords,
  redeemAuthorizationCode,
  registerOAuthClient,
  revokeOAuthGrant,
  revokeOAuthGrantOfRefreshToken,
  rotateRefreshToken,
} from './oauth.js';
import { testBackends } from './testing.js';

const RESOURCE = 'https://svc.example/api/mcp';
const REDIRECT = 'http://127.0.0.1:33418/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const DAY = 86_400;

describe.each(testBackends())('OAuth records on $name', (backend) => {
  let db: Db;
  let accountId: string;
  let client: OAuthClient;
  let otherClient: OAuthClient;
  beforeAll(async () => {
    db = await backend.open();
    ({ accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000a11ce'));
    client = await registerOAuthClient(db, { name: 'Test client', redirectUris: [REDIRECT, 'https://app.example/cb'] });
    otherClient = await registerOAuthClient(db, { name: undefined, redirectUris: ['https://other.example/cb'] });
  });
  afterAll(() => db.close());

  const newCode = (ttlSeconds = 60) =>
    createAuthorizationCode(db, {
      clientId: client.id,
      accountId,
      scope: 'mcp:tools',
      resource: RESOURCE,
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      ttlSeconds,
    });

  /** A redeemed code's grant with one refresh token, as after a successful authorization_code exchange. */
  async function newGrantWithRefreshToken(ttlSeconds = 30 * DAY) {
    const { grantId } = await newCode();
    return { grantId, refreshToken: await issueRefreshToken(db, grantId, ttlSeconds) };
  }

  it('registers public clients with their redirect URIs and finds them by client_id', async () => {
    expect(client).toMatchObject({ name: 'Test client', redirectUris: [REDIRECT, 'https://app.example/cb'] });
    expect(client.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await findOAuthClient(db, client.id)).toEqual(client);
    expect((await findOAuthClient(db, otherClient.id))?.name).toBeNull();
    expect(await findOAuthClient(db, 'nope')).toBeUndefined();
  });

  it('redeems a code once, with its grant and bindings, storing only its SHA-256', async () => {
    const { code, grantId } = await newCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await db.query<Record<string, unknown>>(
      'SELECT * FROM oauth_authorization_codes WHERE grant_id = $1',
      [grantId],
    );
    expect(Object.values(rows[0]!).map(String)).not.toContain(code);

    const redemption = await redeemAuthorizationCode(db, code);
    expect(redemption).toMatchObject({
      ok: true,
      code: {
        redirectUri: REDIRECT,
        codeChallenge: CHALLENGE,
        grant: { id: grantId, clientId: client.id, accountId, scope: 'mcp:tools', resource: RESOURCE, revokedAt: null },
      },
    });
  });

  it('refuses a second redemption as reuse and revokes the grant it started', async () => {
    const { code, grantId } = await newCode();
    expect((await redeemAuthorizationCode(db, code)).ok).toBe(true);
    expect(await redeemAuthorizationCode(db, code)).toEqual({ ok: false, reason: 'reused' });
    expect(await findOAuthGrant(db, grantId)).toMatchObject({
      revokedReason: 'code_reuse',
      revokedAt: expect.any(Date),
    });
  });

  it('lets exactly one of two concurrent redemptions win', async () => {
    const { code } = await newCode();
    const results = await Promise.all([redeemAuthorizationCode(db, code), redeemAuthorizationCode(db, code)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'reused' });
  });

  it('refuses unknown and expired codes', async () => {
    expect(await redeemAuthorizationCode(db, 'not-a-code')).toEqual({ ok: false, reason: 'unknown' });
    const { code } = await newCode(-1);
    expect(await redeemAuthorizationCode(db, code)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rotates a refresh token: the successor works, the old one is spent', async () => {
    const { grantId, refreshToken } = await newGrantWithRefreshToken();
    const rotation = await rotateRefreshToken(db, refreshToken, { clientId: client.id, ttlSeconds: DAY });
    expect(rotation).toMatchObject({ ok: true, grant: { id: grantId, accountId, clientId: client.id } });
    if (!rotation.ok) throw new Error('unreachable');
    expect(rotation.refreshToken).not.toBe(refreshToken);
    expect((await rotateRefreshToken(db, rotation.refreshToken, { clientId: client.id, ttlSeconds: DAY })).ok).toBe(
      true,
    );
  });

  it('treats reuse of a rotated refresh token as theft: the grant and its current token are revoked', async () => {
    const { grantId, refreshToken } = await newGrantWithRefreshToken();
    const rotation = await rotateRefreshToken(db, refreshToken, { clientId: client.id, ttlSeconds: DAY });
    if (!rotation.ok) throw new Error('rotation failed');
    expect(await rotateRefreshToken(db, refreshToken, { clientId: client.id, ttlSeconds: DAY })).toEqual({
      ok: false,
      reason: 'reused',
    });
    expect(await findOAuthGrant(db, grantId)).toMatchObject({ revokedReason: 'refresh_token_reuse' });
    expect(await rotateRefreshToken(db, rotation.refreshToken, { clientId: client.id, ttlSeconds: DAY })).toEqual({
      ok: false,
      reason: 'revoked',
    });
  });

  it('rotates a token once when two requests race, counting the loser as reuse', async () => {
    const { refreshToken } = await newGrantWithRefreshToken();
    const results = await Promise.all(
      [0, 1].map(() => rotateRefreshToken(db, refreshToken, { clientId: client.id, ttlSeconds: DAY })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'reused' });
  });

  it('refuses a refresh token presented by another client without spending it, and expired or unknown ones', async () => {
    const { refreshToken } = await newGrantWithRefreshToken();
    expect(await rotateRefreshToken(db, refreshToken, { clientId: otherClient.id, ttlSeconds: DAY })).toEqual({
      ok: false,
      reason: 'wrong_client',
    });
    expect((await rotateRefreshToken(db, refreshToken, { clientId: client.id, ttlSeconds: DAY })).ok).toBe(true);
    const expired = await newGrantWithRefreshToken(-1);
    expect(await rotateRefreshToken(db, expired.refreshToken, { clientId: client.id, ttlSeconds: DAY })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await rotateRefreshToken(db, 'nope', { clientId: client.id, ttlSeconds: DAY })).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  it('revokes a grant at its own client’s request only, by id or by any of its refresh tokens', async () => {
    const byToken = await newGrantWithRefreshToken();
    expect(await revokeOAuthGrantOfRefreshToken(db, byToken.refreshToken, otherClient.id)).toBe('wrong_client');
    expect((await findOAuthGrant(db, byToken.grantId))?.revokedAt).toBeNull();
    expect(await revokeOAuthGrantOfRefreshToken(db, byToken.refreshToken, client.id)).toBe('revoked');
    expect(await findOAuthGrant(db, byToken.grantId)).toMatchObject({ revokedReason: 'client_request' });
    expect(await rotateRefreshToken(db, byToken.refreshToken, { clientId: client.id, ttlSeconds: DAY })).toEqual({
      ok: false,
      reason: 'revoked',
    });
    expect(await revokeOAuthGrantOfRefreshToken(db, 'nope', client.id)).toBe('unknown');

    const byId = await newGrantWithRefreshToken();
    expect(await revokeOAuthGrant(db, byId.grantId, otherClient.id)).toBe('wrong_client');
    expect(await revokeOAuthGrant(db, byId.grantId, client.id)).toBe('revoked');
    const first = (await findOAuthGrant(db, byId.grantId))!.revokedAt;
    expect(await revokeOAuthGrant(db, byId.grantId, client.id)).toBe('revoked');
    expect((await findOAuthGrant(db, byId.grantId))!.revokedAt).toEqual(first);
    expect(await revokeOAuthGrant(db, 'nope', client.id)).toBe('unknown');
  });

  it('purges expired codes and tokens, then grants and clients left with nothing, after the grace period', async () => {
    const stale = await registerOAuthClient(db, { name: 'stale', redirectUris: [REDIRECT] });
    const { grantId } = await createAuthorizationCode(db, {
      clientId: stale.id,
      accountId,
      scope: 'mcp:tools',
      resource: RESOURCE,
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      ttlSeconds: -2 * DAY,
    });
    await issueRefreshToken(db, grantId, -2 * DAY);
    await db.query(`UPDATE oauth_grants SET created_at = now() - interval '40 days' WHERE id = $1`, [grantId]);
    await db.query(`UPDATE oauth_clients SET created_at = now() - interval '40 days' WHERE id = $1`, [stale.id]);
    const live = await newGrantWithRefreshToken();

    expect(await purgeExpiredOAuthRecords(db, DAY)).toBeGreaterThanOrEqual(4);
    expect(await findOAuthGrant(db, grantId)).toBeUndefined();
    expect(await findOAuthClient(db, stale.id)).toBeUndefined();
    expect(await findOAuthGrant(db, live.grantId)).toBeDefined();
    expect(await findOAuthClient(db, client.id)).toBeDefined();
    expect((await rotateRefreshToken(db, live.refreshToken, { clientId: client.id, ttlSeconds: DAY })).ok).toBe(true);
  });
});
