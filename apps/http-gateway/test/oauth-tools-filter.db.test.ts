import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { catalog, changesNothing } from '@svc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, useGateway } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';
import {
  authorizationRequest,
  exchangeCode,
  pkce,
  postForm,
  redirectOf,
  registerClient,
  type TokenResponse,
} from './oauth-harness.js';

const changingNothing = catalog
  .filter((tool) => tool.effect === 'read' && changesNothing(tool))
  .map((tool) => tool.name);

describe.each(backendsFor(import.meta.url))(
  'an OAuth grant limited to a tools filter at consent ($name)',
  (backend) => {
    const h = useGateway(backend);
    let url: URL;
    let key: string;
    const clients: Client[] = [];
    beforeAll(async () => {
      url = new URL('/api/mcp', await h.app.listen({ host: '127.0.0.1', port: 0 }));
      ({ key } = await newAccessKey(h.db));
    });
    afterAll(() => Promise.all(clients.map((client) => client.close())));

    /** Consent with the access key and this tools filter field; the consent page's answer. */
    async function consent(toolsFilter: string) {
      const { client_id: clientId } = await registerClient(h.app);
      const { verifier, challenge } = pkce();
      const res = await postForm(h.app, '/oauth/authorize', {
        ...authorizationRequest(clientId, challenge),
        action: 'access_key',
        access_key: key,
        tools_filter: toolsFilter,
      });
      return { res, clientId, verifier };
    }

    async function listed(accessToken: string) {
      const client = new Client({ name: 'svc-oauth-filter-client', version: '1.0.0' });
      clients.push(client);
      await client.connect(mcpTransport(url, { authorization: `Bearer ${accessToken}` }));
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : {});
        names.push(...page.tools.map((tool) => tool.name));
        cursor = page.nextCursor;
      } while (cursor);
      return { client, names };
    }

    it('keeps the filter chosen at consent on the grant: the session lists and calls only those tools', async () => {
      const { res, clientId, verifier } = await consent('hedera*, getUserMemoryCategories');
      const code = redirectOf(res).searchParams.get('code')!;
      const token = await exchangeCode(h.app, clientId, code, verifier);
      expect(token.statusCode, token.body).toBe(200);
      const { client, names } = await listed(token.json<TokenResponse>().access_token);
      expect(names).toEqual(changingNothing.filter((name) => /^(hedera.*|getUserMemoryCategories)$/.test(name)));
      expect(names.length).toBeGreaterThan(1);
      const refused = await client.callTool({ name: 'wallet', arguments: {} }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: wallet') });
    });

    it('shows the consent page again, naming the problem, for a malformed filter; no code is issued', async () => {
      const { res } = await consent('get*; drop');
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('is not a glob over tool names');
    });
  },
);
