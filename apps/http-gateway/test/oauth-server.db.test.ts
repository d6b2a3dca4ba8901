import { accountForWallet } from '@svc/store';
import { createSIWxMessage, encodeSIWxHeader, type SIWxExtensionInfo } from '@x402/extensions/sign-in-with-x';
import { decodeJwt } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, backendsFor, useGateway } from './harness.js';
import { mcpPost, newAccessKey } from './mcp-harness.js';
import {
  authorizationRequest,
  exchangeCode,
  oauthError,
  pkce,
  postForm,
  REDIRECT_URI,
  redirectOf,
  registerClient,
  type TokenResponse,
  unescapeHtml,
} from './oauth-harness.js';

const RESOURCE = `${BASE_URL}/api/mcp`;

describe.each(backendsFor(import.meta.url))(
  'OAuth authorization server: discovery, registration, consent ($name)',
  (backend) => {
    const h = useGateway(backend);
    let key: string;
    let clientId: string;
    beforeAll(async () => {
      ({ key } = await newAccessKey(h.db));
      ({ client_id: clientId } = await registerClient(h.app));
    });

    const authorizeUrl = (query: Record<string, string>) => `/oauth/authorize?${new URLSearchParams(query)}`;

    describe('metadata', () => {
      it('publishes RFC 8414 authorization server metadata: every endpoint, code + PKCE S256, public clients', async () => {
        const res = await h.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['access-control-allow-origin']).toBe('*');
        expect(res.json()).toEqual({
          issuer: BASE_URL,
          authorization_endpoint: `${BASE_URL}/oauth/authorize`,
          token_endpoint: `${BASE_URL}/oauth/token`,
          registration_endpoint: `${BASE_URL}/oauth/register`,
          revocation_endpoint: `${BASE_URL}/oauth/revoke`,
          jwks_uri: `${BASE_URL}/oauth/jwks`,
          scopes_supported: ['mcp:tools'],
          response_types_supported: ['code'],
          response_modes_supported: ['query'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          token_endpoint_auth_methods_supported: ['none'],
          revocation_endpoint_auth_methods_supported: ['none'],
          code_challenge_methods_supported: ['S256'],
          authorization_response_iss_parameter_supported: true,
        });
      });

      it('publishes RFC 9728 protected resource metadata where the MCP 401 points, and at the root', async () => {
        const unauthenticated = await mcpPost(h.app, { jsonrpc: '2.0', id: 1, method: 'ping' });
        const named = /resource_metadata="([^"]+)"/.exec(String(unauthenticated.headers['www-authenticate']))![1]!;
        expect(named).toBe(`${BASE_URL}/.well-known/oauth-protected-resource/api/mcp`);
        const expected = {
          resource: RESOURCE,
          authorization_servers: [BASE_URL],
          scopes_supported: ['mcp:tools'],
          bearer_methods_supported: ['header'],
          resource_name: 'svc MCP tools',
        };
        for (const url of [new URL(named).pathname, '/.well-known/oauth-protected-resource']) {
          const res = await h.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
          expect(res.json()).toEqual(expected);
        }
      });

      it('publishes the public signing key as a JWKS, and answers CORS preflights for browser clients', async () => {
        const { keys } = (await h.app.inject({ method: 'GET', url: '/oauth/jwks' })).json<{
          keys: Record<string, string>[];
        }>();
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
        expect(keys[0]).not.toHaveProperty('d');
        const preflight = await h.app.inject({
          method: 'OPTIONS',
          url: '/oauth/token',
          headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST' },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe('*');
      });
    });

    describe('dynamic client registration (RFC 7591)', () => {
      it('registers a public client and answers 201 with its client_id', async () => {
        const res = await h.app.inject({
          method: 'POST',
          url: '/oauth/register',
          headers: { 'content-type': 'application/json' },
          payload: {
            client_name: 'Agent',
            redirect_uris: ['https://agent.example/cb', 'http://localhost:8080/cb', 'http://[::1]:9/cb'],
            logo_uri: 'https://agent.example/l.png',
          },
        });
        expect(res.statusCode).toBe(201);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json()).toEqual({
          client_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
          client_id_issued_at: expect.any(Number),
          client_name: 'Agent',
          redirect_uris: ['https://agent.example/cb', 'http://localhost:8080/cb', 'http://[::1]:9/cb'],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        });
      });

      it('refuses redirect URIs other than https or loopback http, and confidential or non-code clients', async () => {
        const cases: [unknown, string][] = [
          [{ redirect_uris: ['http://agent.example/cb'] }, 'invalid_redirect_uri'],
          [{ redirect_uris: ['https://agent.example/cb#fragment'] }, 'invalid_redirect_uri'],
          [{ redirect_uris: ['not a url'] }, 'invalid_redirect_uri'],
          [{ redirect_uris: [] }, 'invalid_redirect_uri'],
          [{ client_name: 'no uris' }, 'invalid_redirect_uri'],
          [
            { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_basic' },
            'invalid_client_metadata',
          ],
          [{ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
          [{ redirect_uris: [REDIRECT_URI], response_types: ['token'] }, 'invalid_client_metadata'],
          ['[]', 'invalid_client_metadata'],
        ];
        for (const [metadata, error] of cases) {
          const res = await h.app.inject({
            method: 'POST',
            url: '/oauth/register',
            headers: { 'content-type': 'application/json' },
            payload: typeof metadata === 'string' ? metadata : JSON.stringify(metadata),
          });
          expect(oauthError(res), JSON.stringify(metadata)).toEqual({ status: 400, error });
        }
      });
    });

    describe('authorization endpoint', () => {
      it('shows a consent page naming the client and redirect origin, with a wallet challenge and an access-key form', async () => {
        const { client_id } = await registerClient(h.app, {
          client_name: '<b>Evil</b> & co',
          redirect_uris: [REDIRECT_URI],
        });
        const res = await h.app.inject({
          method: 'GET',
          url: authorizeUrl(authorizationRequest(client_id, pkce().challenge)),
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers).toMatchObject({
          'cache-control': 'no-store',
          'x-frame-options': 'DENY',
          'referrer-policy': 'no-referrer',
        });
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.body).toContain('&#60;b&#62;Evil&#60;/b&#62; &#38; co');
        expect(res.body).not.toContain('<b>Evil');
        expect(res.body).toContain('http://127.0.0.1:53682');
        expect(res.body).toMatch(/<label for="access_key">/);
        expect(res.body).toMatch(/<label for="siwx">/);
        expect(res.body).toContain('&#34;nonce&#34;');
        expect(res.body).toContain(`name="client_id" value="${client_id}"`);
        // What the grant can change, exactly: nothing but the credit its calls are paid from.
        expect(res.body).toContain('it can only call tools that change nothing');
        expect(res.body).toContain(
          'it cannot store, change or delete any of them, create or change vaults, sign transactions or move funds',
        );
        expect(res.body).toContain('The one thing it changes is your account’s credit');
      });

      it('shows an error page, never a redirect, for an unknown client or an unregistered redirect URI', async () => {
        const { challenge } = pkce();
        for (const query of [
          authorizationRequest('unknown-client', challenge),
          authorizationRequest(clientId, challenge, { redirect_uri: 'https://attacker.example/cb' }),
          { ...authorizationRequest(clientId, challenge), redirect_uri: '' },
        ]) {
          const res = await h.app.inject({ method: 'GET', url: authorizeUrl(query) });
          expect(res.statusCode).toBe(400);
          expect(res.headers.location).toBeUndefined();
          expect(res.body).toContain('role="alert"');
        }
      });

      it('refuses plain PKCE, a missing challenge, another resource and unknown scopes at the redirect URI, with state and iss', async () => {
        const { challenge } = pkce();
        const cases: [Record<string, string>, string][] = [
          [{ code_challenge_method: 'plain' }, 'invalid_request'],
          [{ code_challenge_method: '' }, 'invalid_request'],
          [{ code_challenge: '' }, 'invalid_request'],
          [{ code_challenge: 'too-short' }, 'invalid_request'],
          [{ response_type: 'token' }, 'unsupported_response_type'],
          [{ resource: 'https://elsewhere.example/api/mcp' }, 'invalid_target'],
          [{ scope: 'mcp:tools admin' }, 'invalid_scope'],
        ];
        for (const [overrides, error] of cases) {
          const location = redirectOf(
            await h.app.inject({
              method: 'GET',
              url: authorizeUrl(authorizationRequest(clientId, challenge, overrides)),
            }),
          );
          expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
          expect(Object.fromEntries(location.searchParams), JSON.stringify(overrides)).toMatchObject({
            error,
            state: 'st4te',
            iss: BASE_URL,
          });
          expect(location.searchParams.has('code')).toBe(false);
        }
      });

      it('redirects with a code, the state and iss once the user signs in with a vault access key', async () => {
        const res = await postForm(h.app, '/oauth/authorize', {
          ...authorizationRequest(clientId, pkce().challenge, { resource: RESOURCE }),
          action: 'access_key',
          access_key: key,
        });
        const location = redirectOf(res);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
        expect(Object.fromEntries(location.searchParams)).toEqual({
          code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          state: 'st4te',
          iss: BASE_URL,
        });
      });

      it('redirects with a code for the wallet’s account once the user answers the page’s SIWX challenge', async () => {
        const wallet = privateKeyToAccount(generatePrivateKey());
        const { verifier, challenge } = pkce();
        const page = await h.app.inject({
          method: 'GET',
          url: authorizeUrl(authorizationRequest(clientId, challenge)),
        });
        const shown = JSON.parse(unescapeHtml(/<pre[^>]*>([\s\S]*?)<\/pre>/.exec(page.body)![1]!)) as {
          info: SIWxExtensionInfo;
        };
        const info = { ...shown.info, chainId: 'eip155:8453', type: 'eip191' as const };
        const signature = await wallet.signMessage({ message: createSIWxMessage(info, wallet.address) });
        const siwx = encodeSIWxHeader({ ...info, address: wallet.address, signature });

        const location = redirectOf(
          await postForm(h.app, '/oauth/authorize', {
            ...authorizationRequest(clientId, challenge),
            action: 'wallet',
            siwx,
          }),
        );
        const tokens = await exchangeCode(h.app, clientId, location.searchParams.get('code')!, verifier);
        const { accountId } = await accountForWallet(h.db, 'eip155:8453', wallet.address);
        expect(decodeJwt(tokens.json<TokenResponse>().access_token).sub).toBe(accountId);

        // The challenge was single use: the same proof cannot authorize a second time.
        const replay = await postForm(h.app, '/oauth/authorize', {
          ...authorizationRequest(clientId, challenge),
          action: 'wallet',
          siwx,
        });
        expect(replay.statusCode).toBe(400);
        expect(replay.body).toMatch(/role="alert">Wallet sign-in refused \(replayed\)/);
      });

      it('keeps the user on the page, with the reason, when the key or the proof is refused', async () => {
        const request = authorizationRequest(clientId, pkce().challenge);
        for (const [fields, message] of [
          [{ action: 'access_key', access_key: 'hunter2' }, 'not a vault access key'],
          [{ action: 'access_key', access_key: `${key.slice(0, -2)}zz` }, 'Unknown vault access key'],
          [{ action: 'access_key' }, 'Enter a vault access key'],
          [{ action: 'wallet', siwx: 'bm90IGpzb24=' }, 'Wallet sign-in refused (malformed)'],
          [{}, 'Choose how to sign in'],
        ] as const) {
          const res = await postForm(h.app, '/oauth/authorize', { ...request, ...fields });
          expect(res.statusCode, message).toBe(400);
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(res.body).toContain(message);
          expect(res.body).toContain('&#34;nonce&#34;');
        }
      });

      it('redirects with access_denied when the user denies', async () => {
        const location = redirectOf(
          await postForm(h.app, '/oauth/authorize', {
            ...authorizationRequest(clientId, pkce().challenge),
            action: 'deny',
          }),
        );
        expect(Object.fromEntries(location.searchParams)).toMatchObject({
          error: 'access_denied',
          state: 'st4te',
          iss: BASE_URL,
        });
      });

      it('checks the request again when the form is posted, and refuses repeated parameters', async () => {
        const forged = await postForm(h.app, '/oauth/authorize', {
          ...authorizationRequest(clientId, pkce().challenge, { code_challenge_method: 'plain' }),
          action: 'access_key',
          access_key: key,
        });
        expect(redirectOf(forged).searchParams.get('error')).toBe('invalid_request');
        const repeated = await h.app.inject({
          method: 'POST',
          url: '/oauth/authorize',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `${new URLSearchParams({ ...authorizationRequest(clientId, pkce().challenge), action: 'access_key', access_key: key })}&client_id=${clientId}`,
        });
        expect(repeated.statusCode).toBe(400);
        expect(repeated.body).toContain('client_id is repeated');
      });
    });
  },
);
