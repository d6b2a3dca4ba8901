import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { usdToCredit } from '@svc/payments';
import { addCredit, revokeAccessKey } from '@svc/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, backendsFor, useGateway, withoutHandler } from './harness.js';
import { mcpPost, newAccessKey } from './mcp-harness.js';

const CHALLENGE = `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource/api/mcp"`;
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
/** A read tool whose handler this file's gateway leaves out: every catalog tool has one, so the 501 path needs it. */
const UNIMPLEMENTED_TOOL = 'searchPredictEvents';

describe.each(backendsFor(import.meta.url))('POST /api/mcp over raw HTTP on $name', (backend) => {
  const h = useGateway(backend, {}, { handlers: withoutHandler(UNIMPLEMENTED_TOOL) });
  let key: string;
  const auth = () => ({ 'x-api-key': key });
  beforeAll(async () => {
    ({ key } = await newAccessKey(h.db));
  });

  describe('credentials on every request', () => {
    it('answers 401 with the protected-resource metadata challenge when none is sent, initialize included', async () => {
      for (const method of ['initialize', 'tools/list', 'ping']) {
        const res = await mcpPost(h.app, { jsonrpc: '2.0', id: 1, method, params: {} });
        expect(res.statusCode, method).toBe(401);
        expect(res.headers['www-authenticate']).toBe(CHALLENGE);
        expect(res.json()).toMatchObject({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32000, data: { code: 'credentials_required' } },
        });
      }
    });

    it('answers 400 when both an access key and a Bearer token are sent', async () => {
      const res = await mcpPost(h.app, ping, { ...auth(), authorization: 'Bearer abc.def.ghi' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.data.code).toBe('credentials_conflict');
    });

    it('answers 401 invalid_token for an unknown, a malformed and a revoked key', async () => {
      const other = await newAccessKey(h.db);
      await revokeAccessKey(h.db, other.accountId, other.keyId);
      for (const [presented, reason] of [
        [`${key.slice(0, -2)}zz`, 'unknown'],
        ['hunter2', 'malformed'],
        [other.key, 'revoked'],
      ]) {
        const res = await mcpPost(h.app, ping, { 'x-api-key': presented! });
        expect(res.statusCode, reason).toBe(401);
        expect(res.headers['www-authenticate']).toBe(`${CHALLENGE}, error="invalid_token"`);
        expect(res.json().error.data).toMatchObject({ code: 'credentials_invalid', reason });
      }
    });

    it('refuses a production key on this development host', async () => {
      const live = await newAccessKey(h.db, 'production');
      const res = await mcpPost(h.app, ping, { 'x-api-key': live.key });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.data.reason).toBe('wrong_environment');
      expect(res.json().error.message).toContain('development host');
    });

    it('answers 401 invalid_token to a Bearer token our OAuth server did not sign (oauth-tokens.test.ts covers the rest)', async () => {
      const res = await mcpPost(h.app, ping, { authorization: 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.sig' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe(`${CHALLENGE}, error="invalid_token"`);
      expect(res.json().error.data).toMatchObject({ code: 'credentials_invalid', reason: 'bad_signature' });
    });
  });

  describe('transport rules', () => {
    it('answers initialize with the requested version it speaks, serverInfo and the tools capability, without a session id', async () => {
      const res = await mcpPost(
        h.app,
        {
          jsonrpc: '2.0',
          id: 'init',
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        },
        auth(),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['mcp-session-id']).toBeUndefined();
      expect(res.json()).toEqual({
        jsonrpc: '2.0',
        id: 'init',
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: 'svc-tools', title: expect.any(String), version: '2.0.10' },
        },
      });
    });

    it('answers initialize with a newer version it speaks with that version, and with its latest to an unknown one', async () => {
      const initialize = (protocolVersion: string) =>
        mcpPost(
          h.app,
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
          },
          auth(),
        );
      expect((await initialize('2025-11-25')).json().result.protocolVersion).toBe('2025-11-25');
      expect((await initialize('2099-01-01')).json().result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    });

    it('accepts an MCP-Protocol-Version the SDK speaks, or none, and answers 400 to any other', async () => {
      for (const version of ['2025-06-18', '2025-11-25'])
        expect((await mcpPost(h.app, ping, { ...auth(), 'mcp-protocol-version': version })).json()).toEqual({
          jsonrpc: '2.0',
          id: 1,
          result: {},
        });
      expect((await mcpPost(h.app, ping, auth())).statusCode).toBe(200);
      const res = await mcpPost(h.app, ping, { ...auth(), 'mcp-protocol-version': '1999-01-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: -32000,
        message: expect.stringContaining('Unsupported protocol version: 1999-01-01'),
      });
    });

    it('acknowledges notifications and responses with 202 and no body', async () => {
      for (const body of [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 9, result: {} },
      ]) {
        const res = await mcpPost(h.app, body, auth());
        expect(res.statusCode).toBe(202);
        expect(res.body).toBe('');
      }
    });

    it('refuses a batch with 400 / -32600', async () => {
      const res = await mcpPost(h.app, [ping, ping], auth());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('Batch') },
      });
    });

    it.each([
      ['unparsable JSON', '{"jsonrpc":', -32700],
      ['a message without jsonrpc 2.0', { id: 1, method: 'ping' }, -32600],
      ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }, -32600],
      ['array params', { jsonrpc: '2.0', id: 1, method: 'ping', params: [] }, -32600],
    ])('answers 400 to %s', async (_label, body, code) => {
      const res = await mcpPost(h.app, body, auth());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
    });

    it('answers GET and DELETE with 405', async () => {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await h.app.inject({ method, url: '/api/mcp', headers: auth() });
        expect(res.statusCode, method).toBe(405);
        expect(res.headers.allow).toBe('POST, OPTIONS');
      }
    });

    it('answers a CORS preflight with 204 without credentials, allowing the MCP headers', async () => {
      const res = await h.app.inject({
        method: 'OPTIONS',
        url: '/api/mcp',
        headers: {
          origin: 'https://agent.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, x-api-key, mcp-protocol-version',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      const allowed = String(res.headers['access-control-allow-headers']).split(', ');
      expect(allowed).toEqual(
        expect.arrayContaining([
          'content-type',
          'authorization',
          'x-api-key',
          'mcp-protocol-version',
          'x-mcp-transactions',
        ]),
      );
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('lets browsers read every answer, the 401 challenge included', async () => {
      const res = await mcpPost(h.app, ping, { origin: 'https://agent.example' });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers']).toContain('www-authenticate');
    });
  });

  describe('tools/call through invoke', () => {
    const call = (
      name: string,
      args: unknown,
      extra: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ) =>
      mcpPost(
        h.app,
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args, ...extra } },
        { ...auth(), ...headers },
      );

    it('answers a call the account has no credit for with the x402 MCP payment-required result', async () => {
      const { result } = (await call('hederaContractIdToEvmAddress', { contractId: '0.0.5' })).json();
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        x402Version: 2,
        resource: { url: 'mcp://tool/hederaContractIdToEvmAddress' },
      });
      expect(result.structuredContent.accepts).toHaveLength(5);
      expect(JSON.parse(result.content[0].text)).toEqual({
        'x402/error': { code: 402, message: result.structuredContent.error, data: result.structuredContent },
      });
      expect(result.structuredContent.error).toMatch(/^insufficient_credit: /);
    });

    it('runs a call the account has credit for; mcpPost checks its structured content against the published schema', async () => {
      const funded = await newAccessKey(h.db);
      await addCredit(h.db, { accountId: funded.accountId, amount: usdToCredit('1'), kind: 'grant' });
      const res = await call('hederaContractIdToEvmAddress', { contractId: '0.0.5' }, {}, { 'x-api-key': funded.key });
      const { result } = res.json();
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ contractId: '0.0.5', evmAddress: `0x${'0'.repeat(39)}5` });
    });

    it('answers a call to a tool without a handler with isError not_implemented, without asking for payment', async () => {
      const { result } = (await call(UNIMPLEMENTED_TOOL, { q: 'btc etf' })).json();
      expect(result).toMatchObject({
        isError: true,
        structuredContent: { code: 'not_implemented', status: 501, tool: UNIMPLEMENTED_TOOL },
      });
    });

    it('answers a paid call to a tool without a handler with isError not_implemented (nothing charged)', async () => {
      // Well-formed but never verified: a tool without a handler is refused before its payment is looked at.
      const payment = {
        x402Version: 2,
        accepted: {
          scheme: 'exact',
          network: 'eip155:8453',
          asset: '0x',
          amount: '1',
          payTo: '0x',
          maxTimeoutSeconds: 60,
          extra: {},
        },
        payload: {},
      };
      const { result } = (
        await call(UNIMPLEMENTED_TOOL, { q: 'btc etf' }, { _meta: { 'x402/payment': payment } })
      ).json();
      expect(result).toMatchObject({
        isError: true,
        structuredContent: { code: 'not_implemented', status: 501, tool: UNIMPLEMENTED_TOOL },
      });
    });

    it('answers invalid arguments with -32602 listing each field and rule, before any payment is asked', async () => {
      const res = await call('mktdataTrendingTokens', { limit: 6, sortType: 'sideways' });
      expect(res.statusCode).toBe(200);
      const { error } = res.json();
      expect(error.code).toBe(-32602);
      const byField = Object.fromEntries(error.data.issues.map((i: { field: string }) => [i.field, i]));
      expect(byField.limit).toMatchObject({ rule: 'too_big', limit: 5 });
      expect(byField.sortType).toMatchObject({ rule: 'enum', limit: ['asc', 'desc'] });
    });

    it('answers a NUL character in an argument with -32602 naming the field, before any payment is asked', async () => {
      const { error } = (await call('createMemory', { category: 'notes', content: 'a\u0000' })).json();
      expect(error.code).toBe(-32602);
      expect(error.data.issues).toEqual([expect.objectContaining({ field: 'content', rule: 'format' })]);
    });

    it('answers "Unknown tool" for a -transaction tool without the opt-in, and reaches invoke with it', async () => {
      const args = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.01' };
      expect((await call('ethNativeSend-transaction', args)).json().error).toEqual({
        code: -32602,
        message: 'Unknown tool: ethNativeSend-transaction',
      });
      expect(
        (await call('ethNativeSend-transaction', args, {}, { 'x-mcp-transactions': 'yes' })).json().error.message,
      ).toBe('Unknown tool: ethNativeSend-transaction');
      const { result } = (
        await call('ethNativeSend-transaction', args, {}, { 'x-mcp-transactions': 'enabled' })
      ).json();
      // invoke takes it: valuing the send for the spending policy needs the Ethereum chain, which this gateway has not
      // configured, so it answers 503 naming the setting before any payment is asked for.
      expect(result).toMatchObject({
        isError: true,
        structuredContent: { code: 'not_configured', setting: 'RPC_URL_ETHEREUM' },
      });
    });
  });
});
