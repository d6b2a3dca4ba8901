import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { catalog } from '@svc/contracts';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCESS_KEYS_PATH } from '../src/routes/access-keys.js';
import { backendsFor, useSandboxGateway } from './harness.js';
import { mcpPost, mcpTransport } from './mcp-harness.js';

const reads = catalog.filter((tool) => tool.effect === 'read').map((tool) => tool.name);
const matching = (pattern: RegExp, names: readonly string[]) => names.filter((name) => pattern.test(name));

describe.each(backendsFor(import.meta.url))(
  'MCP tool filters: the key setting and x-mcp-tools-filter ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const clients: Client[] = [];
    afterAll(() => Promise.all(clients.map((client) => client.close())));

    /** A new wallet signed in with the official SIWX client, making its own keys through the account API. */
    function wallet() {
      const signedIn = wrapFetchWithSIWx(fetch, privateKeyToAccount(generatePrivateKey()));
      const json = (method: string, path: string, body: unknown) =>
        signedIn(`${gateway.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      return {
        createKey: (body: unknown) => json('POST', ACCESS_KEYS_PATH, body),
        updateKey: (id: string, body: unknown) => json('PATCH', `${ACCESS_KEYS_PATH}/${id}`, body),
      };
    }

    async function keyWith(toolsFilter?: unknown) {
      const res = await wallet().createKey(toolsFilter === undefined ? {} : { toolsFilter });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as { key: string; id: string; toolsFilter: string[] | null };
    }

    async function connect(key: string, headers: Record<string, string> = {}) {
      const client = new Client({ name: 'svc-filter-client', version: '1.0.0' });
      clients.push(client);
      await client.connect(mcpTransport(new URL('/api/mcp', gateway.url), { 'x-api-key': key, ...headers }));
      return client;
    }

    async function listed(client: Client) {
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        names.push(...page.tools.map((tool) => tool.name));
        cursor = page.nextCursor;
      } while (cursor);
      return names;
    }

    it('lists and calls only the tools the header globs match; a filtered-out tool is an unknown tool', async () => {
      const { key } = await keyWith();
      const client = await connect(key, { 'x-mcp-tools-filter': 'hedera*, getUserMemor?Categories' });
      const names = await listed(client);
      expect(names).toEqual(matching(/^(hedera.*|getUserMemoryCategories)$/, reads));
      expect(names.length).toBeGreaterThan(1);

      const unknown = await client.callTool({ name: 'getLeaderboard', arguments: {} }).catch((error: unknown) => error);
      expect(unknown).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: getLeaderboard') });
      // A matched tool reaches invoke: no credit, so the x402 payment-required result.
      const matched = await client.callTool({
        name: 'hederaContractIdToEvmAddress',
        arguments: { contractId: '0.0.7' },
      });
      expect(matched.structuredContent).toMatchObject({ x402Version: 2 });
    });

    it("keeps a key's filter, and narrows it further with the header (both must match)", async () => {
      const created = await keyWith(['hedera*', 'getUserMemoryCategories']);
      expect(created.toolsFilter).toEqual(['hedera*', 'getUserMemoryCategories']);
      expect(await listed(await connect(created.key))).toEqual(matching(/^(hedera.*|getUserMemoryCategories)$/, reads));
      expect(await listed(await connect(created.key, { 'x-mcp-tools-filter': '*Categories,wallet' }))).toEqual([
        'getUserMemoryCategories',
      ]);
    });

    it('applies the filter to -transaction tools by their MCP names', async () => {
      const { key } = await keyWith('*-transaction');
      const names = await listed(await connect(key, { 'x-mcp-transactions': 'enabled' }));
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((name) => name.endsWith('-transaction'))).toBe(true);
    });

    it('lets the owner change or clear the filter of a key, taking effect on the next request', async () => {
      const account = wallet();
      const created = (await (await account.createKey({ toolsFilter: 'wallet' })).json()) as {
        key: string;
        id: string;
      };
      expect(await listed(await connect(created.key))).toEqual(['wallet']);
      const narrowed = await account.updateKey(created.id, { toolsFilter: ['hedera*'] });
      expect(narrowed.status).toBe(200);
      expect(await listed(await connect(created.key))).toEqual(matching(/^hedera/, reads));
      expect(
        ((await (await account.updateKey(created.id, { toolsFilter: null })).json()) as { toolsFilter: null })
          .toolsFilter,
      ).toBeNull();
      expect(await listed(await connect(created.key))).toEqual(reads);
      // Another wallet cannot touch it.
      expect((await wallet().updateKey(created.id, { toolsFilter: 'x' })).status).toBe(404);
    });

    it('refuses a malformed filter with 400 naming it: in the header before any message is served, on the key at once', async () => {
      const { key } = await keyWith();
      for (const header of ['', ' , ', 'get*;drop', 'a'.repeat(101)]) {
        const res = await mcpPost(
          gateway.app,
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { 'x-api-key': key, 'x-mcp-tools-filter': header },
        );
        expect(res.statusCode, header).toBe(400);
        expect(res.json().error.data).toMatchObject({
          code: 'invalid_input',
          issues: [expect.objectContaining({ field: 'x-mcp-tools-filter' })],
        });
      }
      const refused = await wallet().createKey({ toolsFilter: ['ok*', 'not ok'] });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ issues: [{ field: 'toolsFilter', rule: 'format' }] });
    });
  },
);
