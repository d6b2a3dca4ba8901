import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { USER_TOKENS_PATH } from '../src/routes/user-tokens.js';
import { backendsFor, useSandboxGateway } from './harness.js';
import { mcpTransport } from './mcp-harness.js';

interface TokenView {
  id: string;
  name: string;
  scope: 'read' | 'transact';
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

describe.each(backendsFor(import.meta.url))('user-issued Bearer tokens ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);
  const clients: Client[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));

  /** A new wallet's fetch that signs in wherever a 402 asks it to (the official client). */
  function signedIn() {
    const signedInFetch = wrapFetchWithSIWx(fetch, privateKeyToAccount(generatePrivateKey()));
    return (path: string, init: RequestInit = {}) => signedInFetch(`${gateway.url}${path}`, init);
  }
  type SignedIn = ReturnType<typeof signedIn>;

  async function mint(as: SignedIn, body: unknown) {
    const res = await as(USER_TOKENS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as TokenView & { token: string };
  }

  async function mcpWith(token: string, headers: Record<string, string> = {}) {
    const client = new Client({ name: 'svc-user-token-client', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      mcpTransport(new URL('/api/mcp', gateway.url), { authorization: `Bearer ${token}`, ...headers }),
    );
    return client;
  }

  const toolNames = async (client: Client) => {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      names.push(...page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  };

  it('mints a read-only token (shown once) that opens MCP on the read-only surface, expiring as asked', async () => {
    const alice = signedIn();
    const created = await mint(alice, { name: 'claude', expiresInSeconds: 3600 });
    expect(created).toMatchObject({ id: expect.stringMatching(/^utok_/), name: 'claude', scope: 'read' });
    const lifetime = Date.parse(created.expiresAt) - Date.parse(created.createdAt);
    expect(lifetime).toBe(3_600_000);
    expect(decodeProtectedHeader(created.token).typ).toBe('at+jwt');
    const claims = decodeJwt(created.token);
    expect(claims).toMatchObject({ scope: 'read', token_id: created.id, aud: `${gateway.url}/api/mcp` });
    expect(claims.exp).toBe(Math.floor(Date.parse(created.expiresAt) / 1000));

    const names = await toolNames(await mcpWith(created.token, { 'x-mcp-transactions': 'enabled' }));
    expect(names).toContain('getUserMemoryCategories');
    expect(names).not.toContain('createMemory');
    expect(names.some((name) => name.endsWith('-transaction'))).toBe(false);

    const listed = (await (await alice(USER_TOKENS_PATH)).json()) as { tokens: TokenView[] };
    expect(listed.tokens.map((t) => t.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
  });

  it('mints a transact token whose session may opt into -transaction tools', async () => {
    const { token } = await mint(signedIn(), { scope: 'transact' });
    const names = await toolNames(await mcpWith(token, { 'x-mcp-transactions': 'enabled' }));
    expect(names).toContain('createMemory');
    expect(names).toContain('baseNativeSend-transaction');
  });

  it('revokes a token at once; another wallet can neither list nor revoke it', async () => {
    const alice = signedIn();
    const bob = signedIn();
    const { id, token } = await mint(alice, { name: 'laptop' });
    const ping = () =>
      fetch(`${gateway.url}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    expect((await ping()).status).toBe(200);

    expect((await bob(`${USER_TOKENS_PATH}/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(((await (await bob(USER_TOKENS_PATH)).json()) as { tokens: unknown[] }).tokens).toEqual([]);
    expect((await ping()).status).toBe(200);

    const revoked = await alice(`${USER_TOKENS_PATH}/${id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as TokenView).revokedAt).toEqual(expect.any(String));
    const refused = await ping();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { data: Record<string, unknown> } }).error.data).toMatchObject({
      code: 'credentials_invalid',
      reason: 'revoked',
    });
  });

  it('refuses a bad scope or lifetime with 400 naming the field, minting nothing', async () => {
    const alice = signedIn();
    for (const [body, issue] of [
      [{ scope: 'admin' }, { field: 'scope', rule: 'enum' }],
      [{ expiresInSeconds: 10 }, { field: 'expiresInSeconds', rule: 'too_small' }],
      [{ expiresInSeconds: 400 * 86_400 }, { field: 'expiresInSeconds', rule: 'too_big' }],
      [{ extra: true }, { rule: 'unknown_key' }],
    ] as const) {
      const res = await alice(USER_TOKENS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { issues: unknown[] }).issues).toEqual([expect.objectContaining(issue)]);
    }
    expect(((await (await alice(USER_TOKENS_PATH)).json()) as { tokens: unknown[] }).tokens).toEqual([]);
  });
});
