import { catalog, changesNothing } from '@svc/contracts';
import { addCredit, findOAuthGrant, insertMemory, memoriesHeld } from '@svc/store';
import { usdToCredit } from '@svc/payments';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../src/oauth/access-tokens.js';
import { OAuthBearerVerifier } from '../src/oauth/bearer-verifier.js';
import { newSigningKey } from '../src/oauth/index.js';
import { BASE_URL, backendsFor, useGateway } from './harness.js';
import { mcpPost, newAccessKey } from './mcp-harness.js';
import {
  codeFor,
  exchangeCode,
  listWithBearer,
  oauthError,
  pkce,
  postForm,
  refresh,
  registerClient,
  signedInClient,
  type TokenResponse,
} from './oauth-harness.js';

const RESOURCE = `${BASE_URL}/api/mcp`;
const INVALID_TOKEN = `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource/api/mcp", error="invalid_token"`;

describe.each(backendsFor(import.meta.url))(
  'OAuth tokens, refresh rotation, revocation and the MCP endpoint ($name)',
  (backend) => {
    const h = useGateway(backend);
    let key: string;
    let accountId: string;
    beforeAll(async () => {
      ({ key, accountId } = await newAccessKey(h.db));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** The MCP endpoint's answer to a token: 200, or 401 with the refusal reason. */
    async function mcpVerdict(accessToken: string) {
      const res = await listWithBearer(h.app, accessToken);
      if (res.statusCode === 200) return { status: 200 };
      expect(res.headers['www-authenticate']).toBe(INVALID_TOKEN);
      return { status: res.statusCode, reason: res.json().error.data.reason as string };
    }

    describe('authorization_code', () => {
      it('exchanges a code for an ES256 JWT for the MCP resource and a refresh token, uncached', async () => {
        const { client_id: clientId } = await registerClient(h.app);
        const { verifier, challenge } = pkce();
        const res = await exchangeCode(h.app, clientId, await codeFor(h.app, clientId, challenge, key), verifier, {
          resource: RESOURCE,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers).toMatchObject({ 'cache-control': 'no-store', pragma: 'no-cache' });
        const tokens = res.json<TokenResponse>();
        expect(tokens).toEqual({
          access_token: expect.any(String),
          token_type: 'Bearer',
          expires_in: 600,
          refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          scope: 'mcp:tools',
        });
        expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
          alg: 'ES256',
          typ: 'at+jwt',
          kid: expect.any(String),
        });
        const claims = decodeJwt(tokens.access_token);
        expect(claims).toMatchObject({
          iss: BASE_URL,
          aud: RESOURCE,
          sub: accountId,
          client_id: clientId,
          scope: 'mcp:tools',
          jti: expect.any(String),
          grant_id: expect.any(String),
        });
        expect(claims.exp! - claims.iat!).toBe(600);
      });

      it('refuses a wrong code_verifier with invalid_grant, and the code is spent', async () => {
        const { client_id: clientId } = await registerClient(h.app);
        const { verifier, challenge } = pkce();
        const code = await codeFor(h.app, clientId, challenge, key);
        expect(oauthError(await exchangeCode(h.app, clientId, code, pkce().verifier))).toEqual({
          status: 400,
          error: 'invalid_grant',
        });
        expect(oauthError(await exchangeCode(h.app, clientId, code, verifier))).toEqual({
          status: 400,
          error: 'invalid_grant',
        });
      });

      it('binds the code to its client and redirect URI', async () => {
        const { client_id: clientId } = await registerClient(h.app);
        const { client_id: otherClient } = await registerClient(h.app);
        const { verifier, challenge } = pkce();
        expect(
          oauthError(await exchangeCode(h.app, otherClient, await codeFor(h.app, clientId, challenge, key), verifier)),
        ).toEqual({ status: 400, error: 'invalid_grant' });
        const redirect = await exchangeCode(h.app, clientId, await codeFor(h.app, clientId, challenge, key), verifier, {
          redirect_uri: 'http://127.0.0.1:1/other',
        });
        expect(oauthError(redirect)).toEqual({ status: 400, error: 'invalid_grant' });
      });

      it('refuses a code presented twice and revokes everything the first exchange issued', async () => {
        const { client_id: clientId } = await registerClient(h.app);
        const { verifier, challenge } = pkce();
        const code = await codeFor(h.app, clientId, challenge, key);
        const first = (await exchangeCode(h.app, clientId, code, verifier)).json<TokenResponse>();
        expect(await mcpVerdict(first.access_token)).toEqual({ status: 200 });

        const second = await exchangeCode(h.app, clientId, code, verifier);
        expect(oauthError(second)).toEqual({ status: 400, error: 'invalid_grant' });
        expect(second.json().error_description).toMatch(/already used/);
        expect(await mcpVerdict(first.access_token)).toEqual({ status: 401, reason: 'revoked' });
        expect(oauthError(await refresh(h.app, clientId, first.refresh_token))).toEqual({
          status: 400,
          error: 'invalid_grant',
        });
      });

      it('answers RFC 6749 errors for bad requests: grant type, missing parameters, client, resource, media type', async () => {
        const { client_id: clientId } = await registerClient(h.app);
        const cases: [Record<string, string>, string][] = [
          [{ grant_type: 'client_credentials', client_id: clientId }, 'unsupported_grant_type'],
          [{ client_id: clientId }, 'invalid_request'],
          [
            { grant_type: 'authorization_code', client_id: clientId, redirect_uri: 'x', code_verifier: 'y' },
            'invalid_request',
          ],
          [{ grant_type: 'refresh_token', refresh_token: 'x' }, 'invalid_client'],
          [{ grant_type: 'refresh_token', client_id: 'unknown', refresh_token: 'x' }, 'invalid_client'],
          [
            {
              grant_type: 'refresh_token',
              client_id: clientId,
              refresh_token: 'x',
              resource: 'https://elsewhere.example/api/mcp',
            },
            'invalid_target',
          ],
          [{ grant_type: 'refresh_token', client_id: clientId, refresh_token: 'x', scope: 'admin' }, 'invalid_scope'],
        ];
        for (const [fields, error] of cases)
          expect(oauthError(await postForm(h.app, '/oauth/token', fields)), JSON.stringify(fields)).toEqual({
            status: 400,
            error,
          });
        const json = await h.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/json' },
          payload: '[1]',
        });
        expect(oauthError(json)).toEqual({ status: 400, error: 'invalid_request' });
        const text = await h.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'text/plain' },
          payload: 'grant_type=refresh_token',
        });
        expect(oauthError(text)).toEqual({ status: 400, error: 'invalid_request' });
      });
    });

    describe('refresh_token', () => {
      it('rotates: each use returns a new refresh token and a new access token, and spends the old one', async () => {
        const { clientId, tokens } = await signedInClient(h.app, key);
        const res = await refresh(h.app, clientId, tokens.refresh_token);
        expect(res.statusCode, res.body).toBe(200);
        const next = res.json<TokenResponse>();
        expect(next.refresh_token).not.toBe(tokens.refresh_token);
        expect(next.access_token).not.toBe(tokens.access_token);
        expect(decodeJwt(next.access_token).grant_id).toBe(decodeJwt(tokens.access_token).grant_id);
        expect(await mcpVerdict(next.access_token)).toEqual({ status: 200 });
        expect((await refresh(h.app, clientId, next.refresh_token)).statusCode).toBe(200);
      });

      it('treats reuse of a spent refresh token as theft: the grant is revoked, its newest tokens included', async () => {
        const { clientId, tokens } = await signedInClient(h.app, key);
        const next = (await refresh(h.app, clientId, tokens.refresh_token)).json<TokenResponse>();
        const reuse = await refresh(h.app, clientId, tokens.refresh_token);
        expect(oauthError(reuse)).toEqual({ status: 400, error: 'invalid_grant' });
        expect(reuse.json().error_description).toMatch(/already used/);
        expect(oauthError(await refresh(h.app, clientId, next.refresh_token))).toEqual({
          status: 400,
          error: 'invalid_grant',
        });
        expect(await mcpVerdict(next.access_token)).toEqual({ status: 401, reason: 'revoked' });
        expect(await findOAuthGrant(h.db, String(decodeJwt(next.access_token).grant_id))).toMatchObject({
          revokedReason: 'refresh_token_reuse',
        });
      });

      it('refuses a refresh token presented by another client, without spending it', async () => {
        const { clientId, tokens } = await signedInClient(h.app, key);
        const { client_id: otherClient } = await registerClient(h.app);
        expect(oauthError(await refresh(h.app, otherClient, tokens.refresh_token))).toEqual({
          status: 400,
          error: 'invalid_grant',
        });
        expect((await refresh(h.app, clientId, tokens.refresh_token)).statusCode).toBe(200);
      });
    });

    describe('revocation (RFC 7009)', () => {
      it('revokes by refresh token: the access tokens of the grant get 401 on MCP at once', async () => {
        const { clientId, tokens } = await signedInClient(h.app, key);
        expect(await mcpVerdict(tokens.access_token)).toEqual({ status: 200 });
        const res = await postForm(h.app, '/oauth/revoke', {
          token: tokens.refresh_token,
          token_type_hint: 'refresh_token',
          client_id: clientId,
        });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('');
        expect(await mcpVerdict(tokens.access_token)).toEqual({ status: 401, reason: 'revoked' });
        expect(oauthError(await refresh(h.app, clientId, tokens.refresh_token))).toEqual({
          status: 400,
          error: 'invalid_grant',
        });
      });

      it('revokes by access token, the refresh token with it', async () => {
        const { clientId, tokens } = await signedInClient(h.app, key);
        expect(
          (await postForm(h.app, '/oauth/revoke', { token: tokens.access_token, client_id: clientId })).statusCode,
        ).toBe(200);
        expect(await mcpVerdict(tokens.access_token)).toEqual({ status: 401, reason: 'revoked' });
        expect(oauthError(await refresh(h.app, clientId, tokens.refresh_token))).toEqual({
          status: 400,
          error: 'invalid_grant',
        });
      });

      it('answers 200 for unknown tokens, and refuses to revoke another client’s token', async () => {
        const { tokens } = await signedInClient(h.app, key);
        const { client_id: otherClient } = await registerClient(h.app);
        expect(
          (await postForm(h.app, '/oauth/revoke', { token: 'no-such-token', client_id: otherClient })).statusCode,
        ).toBe(200);
        expect((await postForm(h.app, '/oauth/revoke', { token: 'a.b.c', client_id: otherClient })).statusCode).toBe(
          200,
        );
        expect(
          oauthError(await postForm(h.app, '/oauth/revoke', { token: tokens.refresh_token, client_id: otherClient })),
        ).toEqual({ status: 400, error: 'unauthorized_client' });
        expect(
          oauthError(await postForm(h.app, '/oauth/revoke', { token: tokens.access_token, client_id: otherClient })),
        ).toEqual({ status: 400, error: 'unauthorized_client' });
        expect(await mcpVerdict(tokens.access_token)).toEqual({ status: 200 });
        expect(oauthError(await postForm(h.app, '/oauth/revoke', { token: tokens.refresh_token }))).toEqual({
          status: 400,
          error: 'invalid_client',
        });
      });
    });

    describe('access tokens on the MCP endpoint', () => {
      it('act for the consenting account on the read-only surface, even with x-mcp-transactions: enabled', async () => {
        const { tokens } = await signedInClient(h.app, key);
        const names: string[] = [];
        let cursor: string | undefined;
        do {
          const res = await listWithBearer(h.app, tokens.access_token, { 'x-mcp-transactions': 'enabled' }, cursor);
          expect(res.statusCode).toBe(200);
          const { tools, nextCursor } = res.json().result as { tools: { name: string }[]; nextCursor?: string };
          names.push(...tools.map((tool) => tool.name));
          cursor = nextCursor;
        } while (cursor);
        expect(names).toEqual(
          catalog.filter((tool) => tool.effect === 'read' && changesNothing(tool)).map((tool) => tool.name),
        );
      });

      it('are read-only: a tool that changes anything is unknown to them, and nothing changes', async () => {
        const { key: ownKey, accountId: owner } = await newAccessKey(h.db);
        // Credit to pay with, so only the read-only promise stands between the token and the deletion.
        await addCredit(h.db, { accountId: owner, amount: usdToCredit('1'), kind: 'grant' });
        const memory = (await insertMemory(h.db, owner, { category: 'keep', content: 'kept' }, 100))!;
        const { tokens } = await signedInClient(h.app, ownKey);
        const bearer = { authorization: `Bearer ${tokens.access_token}` };
        const call = (name: string, args: unknown) =>
          mcpPost(h.app, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, bearer);
        for (const [name, args] of [
          ['deleteMemory', { memoryId: memory.memoryId }],
          ['createMemory', { category: 'new', content: 'x' }],
          ['setSlippageSettings', { swapSlippage: 3, pumpSlippage: 30 }],
        ] as const) {
          expect((await call(name, args)).json().error, name).toEqual({
            code: -32602,
            message: `Unknown tool: ${name}`,
          });
        }
        expect(await memoriesHeld(h.db, owner, memory.memoryId)).toEqual({ count: 1, includes: true });
        // What it may call, it can: a read of the same memories, paid from the credit.
        const read = (await call('getUserMemoriesByCategory', { category: 'keep' })).json().result;
        expect(read.structuredContent.memories).toEqual([expect.objectContaining({ memoryId: memory.memoryId })]);
      });

      it('answer 401 invalid_token when expired, signed by another key, or not a JWT', async () => {
        const { tokens } = await signedInClient(h.app, key);
        const grant = (await findOAuthGrant(h.db, String(decodeJwt(tokens.access_token).grant_id)))!;
        const otherKey = new AccessTokens({
          key: await newSigningKey(),
          issuer: BASE_URL,
          resource: RESOURCE,
          lifetimeSeconds: 600,
        });
        expect(await mcpVerdict(await otherKey.issue(grant))).toEqual({ status: 401, reason: 'bad_signature' });
        expect(await mcpVerdict('not-a-jwt')).toEqual({ status: 401, reason: 'malformed' });

        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.now() + 601_000);
        expect(await mcpVerdict(tokens.access_token)).toEqual({ status: 401, reason: 'expired' });
      });

      it('are checked for issuer and audience: tokens of another deployment sharing the key are refused', async () => {
        const { tokens } = await signedInClient(h.app, key);
        const grant = (await findOAuthGrant(h.db, String(decodeJwt(tokens.access_token).grant_id)))!;
        const sharedKey = await newSigningKey();
        const tokensOf = (issuer: string, resource: string) =>
          new AccessTokens({ key: sharedKey, issuer, resource, lifetimeSeconds: 600 });
        const verifier = new OAuthBearerVerifier(h.db, tokensOf(BASE_URL, RESOURCE));
        await expect(verifier.verify(await tokensOf(BASE_URL, RESOURCE).issue(grant))).resolves.toEqual({
          accountId,
          readOnly: true,
        });
        await expect(
          verifier.verify(await tokensOf('https://other.example', RESOURCE).issue(grant)),
        ).rejects.toMatchObject({ code: 'credentials_invalid', extra: { reason: 'wrong_issuer' } });
        await expect(
          verifier.verify(await tokensOf(BASE_URL, 'https://other.example/api/mcp').issue(grant)),
        ).rejects.toMatchObject({ code: 'credentials_invalid', extra: { reason: 'wrong_audience' } });
      });
    });
  },
);
