import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mcpPost } from './mcp-harness.js';

/** A loopback redirect URI, as native MCP clients register. Nothing listens there: tests read the Location header. */
export const REDIRECT_URI = 'http://127.0.0.1:53682/callback';

/** Undo the consent page's HTML escaping (numeric entities only, as escapeHtml writes them). */
export const unescapeHtml = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** A PKCE pair: a random verifier and its S256 challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A form POST (application/x-www-form-urlencoded), as OAuth clients and the consent page send them. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function registerClient(
  app: FastifyInstance,
  metadata: Record<string, unknown> = { client_name: 'Test client', redirect_uris: [REDIRECT_URI] },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(metadata),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ client_id: string; redirect_uris: string[] }>();
}

/** The query of a valid authorization request of `clientId`. */
export function authorizationRequest(
  clientId: string,
  challenge: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st4te',
    scope: 'mcp:tools',
    ...overrides,
  };
}

/** The Location of a 303 from the authorization endpoint, parsed. */
export function redirectOf(res: { statusCode: number; headers: Record<string, unknown>; body: string }): URL {
  expect(res.statusCode, res.body).toBe(303);
  return new URL(String(res.headers.location));
}

/** Consent with a vault access key: the code the client would receive. */
export async function codeFor(
  app: FastifyInstance,
  clientId: string,
  challenge: string,
  accessKey: string,
): Promise<string> {
  const location = redirectOf(
    await postForm(app, '/oauth/authorize', {
      ...authorizationRequest(clientId, challenge),
      action: 'access_key',
      access_key: accessKey,
    }),
  );
  return location.searchParams.get('code')!;
}

export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in: number;
  readonly refresh_token: string;
  readonly scope: string;
}

export function exchangeCode(
  app: FastifyInstance,
  clientId: string,
  code: string,
  verifier: string,
  overrides: Record<string, string> = {},
) {
  return postForm(app, '/oauth/token', {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    ...overrides,
  });
}

export function refresh(app: FastifyInstance, clientId: string, refreshToken: string) {
  return postForm(app, '/oauth/token', {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: refreshToken,
  });
}

/** The whole flow for an account's access key: a registered client and its first tokens. */
export async function signedInClient(app: FastifyInstance, accessKey: string) {
  const { client_id: clientId } = await registerClient(app);
  const { verifier, challenge } = pkce();
  const res = await exchangeCode(app, clientId, await codeFor(app, clientId, challenge, accessKey), verifier);
  expect(res.statusCode, res.body).toBe(200);
  return { clientId, tokens: res.json<TokenResponse>() };
}

/** An OAuth error response (RFC 6749 §5.2): its status and error code. */
export function oauthError(res: { statusCode: number; json: () => unknown }) {
  const { error, error_description } = res.json() as { error: string; error_description: string };
  expect(error_description).toBeTypeOf('string');
  return { status: res.statusCode, error };
}

/** One page of tools/list over MCP with a Bearer token. */
export function listWithBearer(
  app: FastifyInstance,
  accessToken: string,
  headers: Record<string, string> = {},
  cursor?: string,
) {
  return mcpPost(
    app,
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: cursor ? { cursor } : {} },
    { authorization: `Bearer ${accessToken}`, ...headers },
  );
}
