import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { catalog, changesNothing, notImplemented, parseInput, findTool, ServiceError } from '@svc/contracts';
import type { Credential } from '@svc/payments';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpPlugin } from '../src/plugin.js';
import type { McpToolCall } from '../src/tool-caller.js';
import { structuredResult } from '../src/tool-results.js';

/** Stub credentials: `rw` may opt into transactions, `oauth` is an OAuth session (read-only whatever it sends). */
const CREDENTIALS: Record<string, Credential> = {
  rw: { accountId: 'acct_rw', readOnly: false },
  oauth: { accountId: 'acct_oauth', readOnly: true },
};

const PAGE_SIZE = 40;
const reads = catalog.filter((tool) => tool.effect === 'read');
const writes = catalog.filter((tool) => tool.effect === 'write');
const changingNothing = reads.filter((tool) => changesNothing(tool));

describe('MCP plugin (stub credentials and tool caller)', () => {
  let app: FastifyInstance;
  const calls: McpToolCall[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(mcpPlugin, {
      publicBaseUrl: 'https://svc.example',
      pageSize: PAGE_SIZE,
      credentials: {
        resolve: async ({ apiKey }) => {
          if (typeof apiKey !== 'string') throw new ServiceError('credentials_required', 'no key');
          const credential = CREDENTIALS[apiKey];
          if (!credential) throw new ServiceError('credentials_invalid', 'bad key');
          return credential;
        },
      },
      caller: {
        call: async (call: McpToolCall) => {
          calls.push(call);
          const tool = findTool(call.tool)!;
          parseInput(tool.input, call.arguments, tool.name);
          if (call.tool === 'getLeaderboard') throw notImplemented(call.tool);
          if (call.tool === 'wallet') throw new Error('database on fire');
          return structuredResult({ ran: call.tool });
        },
      },
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  const rpc = (method: string, params: unknown = {}, headers: Record<string, string> = {}, id: number | string = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { 'content-type': 'application/json', 'x-api-key': 'rw', ...headers },
      payload: { jsonrpc: '2.0', id, method, params },
    });

  async function listAll(headers: Record<string, string> = {}) {
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await rpc('tools/list', cursor ? { cursor } : {}, headers);
      expect(res.statusCode).toBe(200);
      const { result } = res.json();
      expect(result.tools.length).toBeLessThanOrEqual(PAGE_SIZE);
      names.push(...result.tools.map((t: { name: string }) => t.name));
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor);
    return { names, pages };
  }

  it('pages through the standard surface with opaque cursors', async () => {
    const { names, pages } = await listAll();
    expect(names).toEqual(reads.map((tool) => tool.name));
    expect(pages).toBe(Math.ceil(reads.length / PAGE_SIZE));
  });

  it('adds the -transaction tools only for the exact header value x-mcp-transactions: enabled', async () => {
    expect((await listAll({ 'x-mcp-transactions': 'enabled' })).names).toEqual([
      ...reads.map((t) => t.name),
      ...writes.map((t) => `${t.name}-transaction`),
    ]);
    for (const value of ['Enabled', 'true', 'enabled ', '1'])
      expect((await listAll({ 'x-mcp-transactions': value })).names).toHaveLength(reads.length);
  });

  it('keeps an OAuth session read-only even with the opt-in header: only tools that change nothing', async () => {
    const headers = { 'x-api-key': 'oauth', 'x-mcp-transactions': 'enabled' };
    expect((await listAll(headers)).names).toEqual(changingNothing.map((tool) => tool.name));
    const res = await rpc('tools/call', { name: 'ethNativeSend-transaction', arguments: {} }, headers);
    expect(res.json().error).toEqual({ code: -32602, message: 'Unknown tool: ethNativeSend-transaction' });
    const deletion = await rpc('tools/call', { name: 'deleteMemory', arguments: { memoryId: 'mem_1' } }, headers);
    expect(deletion.json().error).toEqual({ code: -32602, message: 'Unknown tool: deleteMemory' });
  });

  it.each([
    ['not base64 at all!'],
    [Buffer.from('tools:7').toString('base64url')],
    [Buffer.from('tools:100000').toString('base64url')],
    [Buffer.from('tools:0').toString('base64url')],
    [42],
  ])('answers -32602 for the cursor %s', async (cursor) => {
    const res = await rpc('tools/list', { cursor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602 } });
    expect(res.json().error.message).toMatch(/Invalid cursor/);
  });

  it('resolves a -transaction tool to its catalog tool and hands the caller the credential, _meta and Idempotency-Key', async () => {
    calls.length = 0;
    const meta = { 'x402/payment': { x402Version: 2 } };
    const res = await rpc(
      'tools/call',
      { name: 'ethNativeSend-transaction', arguments: { amount: '1' }, _meta: meta },
      { 'x-mcp-transactions': 'enabled', 'idempotency-key': 'k-1' },
      'call-7',
    );
    expect(res.json()).toEqual({
      jsonrpc: '2.0',
      id: 'call-7',
      result: {
        content: [{ type: 'text', text: '{"ran":"ethNativeSend"}' }],
        structuredContent: { ran: 'ethNativeSend' },
      },
    });
    expect(calls).toEqual([
      { tool: 'ethNativeSend', arguments: { amount: '1' }, meta, credential: CREDENTIALS.rw, idempotencyKey: 'k-1' },
    ]);
  });

  it('calls a tool without arguments with an empty object', async () => {
    calls.length = 0;
    await rpc('tools/call', { name: 'getLeaderboard' });
    expect(calls[0]?.arguments).toEqual({});
  });

  it('answers invalid arguments with -32602 naming each field and rule', async () => {
    const res = await rpc('tools/call', { name: 'mktdataTrendingTokens', arguments: { limit: 6, extra: true } });
    const { error } = res.json();
    expect(error.code).toBe(-32602);
    expect(error.data.tool).toBe('mktdataTrendingTokens');
    expect(error.data.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'limit', rule: 'too_big', limit: 5 }),
        expect.objectContaining({ rule: 'unknown_key', limit: ['extra'] }),
      ]),
    );
    const notObject = await rpc('tools/call', { name: 'mktdataTrendingTokens', arguments: [1] });
    expect(notObject.json().error.code).toBe(-32602);
  });

  it('turns execution failures into isError results with the problem as structured content', async () => {
    const missing = (await rpc('tools/call', { name: 'getLeaderboard', arguments: {} })).json().result;
    expect(missing).toMatchObject({
      isError: true,
      structuredContent: { code: 'not_implemented', status: 501, tool: 'getLeaderboard' },
    });
    expect(JSON.parse(missing.content[0].text)).toEqual(missing.structuredContent);
    const crashed = (await rpc('tools/call', { name: 'wallet', arguments: {} })).json().result;
    expect(crashed).toMatchObject({ isError: true, structuredContent: { code: 'internal', status: 500 } });
    expect(crashed.content[0].text).not.toContain('on fire');
  });

  const initialize = (protocolVersion: string) =>
    rpc('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } });

  it('negotiates the protocol version through the SDK: a version it speaks is echoed, an unknown one gets its latest', async () => {
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26'])
      expect((await initialize(version)).json().result.protocolVersion, version).toBe(version);
    expect((await initialize('2099-01-01')).json().result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('answers an initialize it cannot read with -32602 under its id, not an internal error', async () => {
    for (const params of [{}, { protocolVersion: 7, capabilities: {}, clientInfo: { name: 't', version: '1' } }]) {
      const res = await rpc('initialize', params, {}, 'init-1');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 'init-1',
        error: { code: -32602, message: expect.stringContaining('protocolVersion') },
      });
    }
  });

  it('runs a task-augmented tools/call as a plain call, as MCP asks of a server without task support', async () => {
    calls.length = 0;
    const res = await rpc('tools/call', { name: 'mktdataTrendingTokens', arguments: {}, task: { ttl: 60_000 } });
    expect(res.json().result).toMatchObject({ structuredContent: { ran: 'mktdataTrendingTokens' } });
    expect(calls.map((call) => call.tool)).toEqual(['mktdataTrendingTokens']);
  });

  it('answers JSON to a client that does not list text/event-stream in Accept', async () => {
    for (const accept of ['application/json', '*/*', 'text/html']) {
      const res = await rpc('ping', {}, { accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.json(), accept).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    }
  });

  it('answers a nameless tools/call and an unknown method as protocol errors', async () => {
    for (const params of [{ arguments: {} }, { name: 7 }, { name: 'wallet', arguments: 'all' }]) {
      expect((await rpc('tools/call', params, {}, 'call-9')).json(), JSON.stringify(params)).toEqual({
        jsonrpc: '2.0',
        id: 'call-9',
        error: {
          code: -32602,
          message:
            'tools/call needs params with the tool "name" as a string and its "arguments", if any, as an object.',
        },
      });
    }
    expect((await rpc('resources/list')).json().error).toEqual({
      code: -32601,
      message: 'Method not found: resources/list',
    });
  });
});
