import { catalog, changesNothing } from '@svc/contracts';
import type { Db } from '@svc/store';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '@svc/config';
import { backendsFor, freePort } from './harness.js';
import { checkedMcpFetch, newAccessKey } from './mcp-harness.js';
import { REDIRECT_URI, unescapeHtml } from './oauth-harness.js';

const READ_TOOLS = catalog.filter((tool) => tool.effect === 'read' && changesNothing(tool)).map((tool) => tool.name);

/**
 * A user at the consent page, headless: open the authorization URL, fill the access-key form (its hidden fields as
 * the page rendered them, plus the key), submit, and return the code from the redirect's Location.
 */
async function consentWithAccessKey(authorizationUrl: URL, accessKey: string): Promise<string> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = /<form method="post" action="([^"]+)">((?:(?!<\/form>)[\s\S])*?value="access_key"[\s\S]*?)<\/form>/.exec(
    html,
  );
  expect(form, 'the page has an access-key form').not.toBeNull();
  const fields = new URLSearchParams(
    [...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      ([, name, value]): [string, string] => [name!, unescapeHtml(value!)],
    ),
  );
  fields.set('action', 'access_key');
  fields.set('access_key', accessKey);
  const answer = await fetch(new URL(unescapeHtml(form![1]!), authorizationUrl), {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
  const location = new URL(answer.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  expect(location.searchParams.get('iss')).toBe(authorizationUrl.origin);
  return location.searchParams.get('code')!;
}

/** An MCP client's OAuth state, in memory: what a desktop client would keep in its credential store. */
class HeadlessOAuthProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens[] = [];
  code: string | undefined;
  #verifier: string | undefined;

  constructor(private readonly consent: (authorizationUrl: URL) => Promise<string>) {}

  get redirectUrl() {
    return REDIRECT_URI;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'svc headless test client',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }

  tokens() {
    return this.saved.at(-1);
  }

  saveTokens(tokens: OAuthTokens) {
    this.saved.push(tokens);
  }

  async redirectToAuthorization(authorizationUrl: URL) {
    this.code = await this.consent(authorizationUrl);
  }

  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }

  codeVerifier() {
    return this.#verifier!;
  }
}

async function listAll(client: Client): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    names.push(...page.tools.map((tool) => tool.name));
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

describe.each(backendsFor(import.meta.url))(
  'the MCP SDK client’s OAuth flow against the gateway on 127.0.0.1 ($name)',
  (backend) => {
    let app: FastifyInstance;
    let db: Db;
    let mcpUrl: URL;
    const open: Client[] = [];

    beforeAll(async () => {
      // PUBLIC_BASE_URL must be the address the client dials: the SDK checks the metadata's resource against it.
      const port = await freePort();
      db = await backend.open();
      app = await buildApp(loadConfig({ SVC_MODE: 'sandbox', LOG_LEVEL: 'silent', PORT: String(port) }), { db });
      await app.listen({ host: '127.0.0.1', port });
      mcpUrl = new URL(`http://127.0.0.1:${port}/api/mcp`);
    });
    afterEach(async () => {
      vi.useRealTimers();
      await Promise.all(open.splice(0).map((client) => client.close()));
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });

    async function connect(provider: OAuthClientProvider) {
      const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: checkedMcpFetch() });
      const client = new Client({ name: 'svc-oauth-test-client', version: '1.0.0' });
      open.push(client);
      await client.connect(transport);
      return { client, transport };
    }

    it('registers, authorizes with PKCE through the consent page, gets tokens, lists tools, and refreshes when the access token expires', async () => {
      const { key } = await newAccessKey(db);
      const provider = new HeadlessOAuthProvider((url) => consentWithAccessKey(url, key));

      // 1. No token yet: the 401 leads the SDK through discovery, registration (RFC 7591) and the authorization request.
      const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider, fetch: checkedMcpFetch() });
      await expect(
        new Client({ name: 'svc-oauth-test-client', version: '1.0.0' }).connect(first),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.client?.client_id).toBeTypeOf('string');
      expect(provider.code).toBeTypeOf('string');

      // 2. The code from the redirect, exchanged with the PKCE verifier.
      await first.finishAuth(provider.code!);
      expect(provider.saved).toHaveLength(1);
      const [issued] = provider.saved;
      expect(issued).toMatchObject({
        token_type: 'Bearer',
        expires_in: 600,
        scope: 'mcp:tools',
        refresh_token: expect.any(String),
      });

      // 3. Connected with the Bearer token: the read-only surface (the tools that change nothing).
      const { client, transport } = await connect(provider);
      expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      expect(await listAll(client)).toEqual(READ_TOOLS);

      // 4. Ten minutes later the access token has expired: the 401 makes the SDK refresh (rotating the refresh token) and retry.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 601_000);
      expect(await listAll(client)).toEqual(READ_TOOLS);
      expect(provider.saved).toHaveLength(2);
      const refreshed = provider.saved[1]!;
      expect(refreshed.access_token).not.toBe(issued!.access_token);
      expect(refreshed.refresh_token).not.toBe(issued!.refresh_token);
    });
  },
);
