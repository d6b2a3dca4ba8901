import { catalog, changesNothing } from '@svc/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LATEST_PROTOCOL_VERSION, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, useGateway } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';

const reads = catalog.filter((tool) => tool.effect === 'read');
const writes = catalog.filter((tool) => tool.effect === 'write');

describe.each(backendsFor(import.meta.url))('MCP SDK client against the gateway on 127.0.0.1 ($name)', (backend) => {
  const h = useGateway(backend);
  let url: URL;
  let key: string;
  const open: Client[] = [];

  beforeAll(async () => {
    url = new URL('/api/mcp', await h.app.listen({ host: '127.0.0.1', port: 0 }));
    ({ key } = await newAccessKey(h.db));
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });

  async function connect(headers: Record<string, string>) {
    const transport = mcpTransport(url, headers);
    const client = new Client({ name: 'svc-test-client', version: '1.0.0' });
    open.push(client);
    await client.connect(transport);
    return { client, transport };
  }

  async function listAll(client: Client): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  it('negotiates the latest protocol version the SDK speaks and lists every read tool across pages', async () => {
    const { client, transport } = await connect({ 'x-api-key': key });
    expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(client.getServerVersion()).toMatchObject({ name: 'svc-tools', version: '2.0.10' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    const first = await client.listTools();
    expect(first.nextCursor).toBeTypeOf('string');
    const tools = await listAll(client);
    expect(tools.map((t) => t.name)).toEqual(reads.map((t) => t.name));
    expect(tools.every((t) => t.inputSchema.type === 'object')).toBe(true);
  });

  it('annotates each tool truthfully: read-only only when it changes nothing, deletions destructive', async () => {
    const { client } = await connect({ 'x-api-key': key });
    const annotations = new Map((await listAll(client)).map((t) => [t.name, t.annotations]));
    for (const tool of reads) {
      expect(annotations.get(tool.name)?.readOnlyHint, tool.name).toBe(changesNothing(tool));
    }
    for (const name of [
      'createMemory',
      'updateMemory',
      'deleteMemory',
      'addTrackedWallet',
      'removeTrackedWallet',
      'setSlippageSettings',
    ]) {
      expect(annotations.get(name)?.readOnlyHint, name).toBe(false);
    }
    expect(annotations.get('deleteMemory')).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(annotations.get('removeTrackedWallet')).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(annotations.get('setSlippageSettings')).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(annotations.get('createMemory')).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(annotations.get('getUserMemoriesByCategory')).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
  });

  it('adds each write tool as <name>-transaction with destructiveHint when x-mcp-transactions: enabled', async () => {
    const { client } = await connect({ 'x-api-key': key, 'x-mcp-transactions': 'enabled' });
    const tools = await listAll(client);
    expect(tools).toHaveLength(reads.length + writes.length);
    const transactions = tools.filter((t) => t.name.endsWith('-transaction'));
    expect(transactions.map((t) => t.name)).toEqual(writes.map((t) => `${t.name}-transaction`));
    expect(
      transactions.every((t) => t.annotations?.destructiveHint === true && t.annotations.readOnlyHint === false),
    ).toBe(true);
  });

  it('calls a read tool without payment or credit and gets the x402 payment-required result', async () => {
    const { client } = await connect({ 'x-api-key': key });
    const result = await client.callTool({
      name: 'hederaContractIdToEvmAddress',
      arguments: { contractId: '0.0.1234' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      x402Version: 2,
      error: expect.stringMatching(/^insufficient_credit: /),
      resource: { url: 'mcp://tool/hederaContractIdToEvmAddress' },
    });
    expect((result.structuredContent as { accepts: unknown[] }).accepts).toHaveLength(5);
  });

  it('answers Unknown tool for a -transaction tool without the opt-in, and reaches invoke with it', async () => {
    const args = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.01' };
    const readOnly = await connect({ 'x-api-key': key });
    const refused = await readOnly.client
      .callTool({ name: 'ethNativeSend-transaction', arguments: args })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect(refused).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: ethNativeSend-transaction'),
    });

    const optedIn = await connect({ 'x-api-key': key, 'x-mcp-transactions': 'enabled' });
    const result = await optedIn.client.callTool({ name: 'ethNativeSend-transaction', arguments: args });
    // invoke takes it: valuing the send for the spending policy needs the Ethereum chain, which this gateway has not
    // configured, so it answers 503 naming the setting before any payment is asked for.
    expect(result).toMatchObject({
      isError: true,
      structuredContent: { code: 'not_configured', setting: 'RPC_URL_ETHEREUM' },
    });
  });

  it('reports bad arguments as -32602 with each field and rule', async () => {
    const { client } = await connect({ 'x-api-key': key });
    const error = await client
      .callTool({ name: 'hederaContractIdToEvmAddress', arguments: { contractId: 'not-an-id', extra: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    const { code, data } = error as McpError;
    expect(code).toBe(-32602);
    expect((data as { issues: { field: string; rule: string }[] }).issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'contractId', rule: 'format' }),
        expect.objectContaining({ rule: 'unknown_key' }),
      ]),
    );
  });

  it('cannot connect without a credential', async () => {
    await expect(connect({})).rejects.toThrow(/401|Unauthorized/i);
  });
});
