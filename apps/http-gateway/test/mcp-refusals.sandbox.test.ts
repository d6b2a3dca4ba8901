import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { usdToCredit } from '@svc/payments';
import { addCredit, creditBalance } from '@svc/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendsFor, useSandboxGateway } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/**
 * What a call meets once its arguments are valid reaches an MCP host as a tool result with isError and the problem as
 * structured content, so the model can read the reason; arguments that do not fit the schema and tools the session
 * cannot see stay JSON-RPC protocol errors.
 */
describe.each(backendsFor(import.meta.url))('MCP tool refusals as tool results ($name)', (backend) => {
  // A migration API that answers every request with HTTP 400: the live migration provider's upstream failure.
  let upstream: Server;
  const env: Record<string, string> = { PROVIDERS_LIVE: 'MIGRATION_API_URL' };
  beforeAll(async () => {
    upstream = createServer((_request, response) => response.writeHead(400).end('{"error":"bad"}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as { port: number };
    env.MIGRATION_API_URL = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));
  const gateway = useSandboxGateway(backend, env);

  const clients: Client[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));

  /** An SDK client on a new account holding `usd` of credit, transactions enabled. */
  async function funded(usd: string) {
    const { key, accountId } = await newAccessKey(gateway.db);
    await addCredit(gateway.db, { accountId, amount: usdToCredit(usd), kind: 'grant' });
    const client = new Client({ name: 'svc-refusals-client', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      mcpTransport(new URL('/api/mcp', gateway.url), { 'x-api-key': key, 'x-mcp-transactions': 'enabled' }),
    );
    return { client, accountId };
  }

  it('answers a send larger than the vault holds with isError insufficient_funds, not -32602, and charges nothing', async () => {
    const { client, accountId } = await funded('1');
    const result = await client.callTool({
      name: 'baseNativeSend-transaction',
      arguments: { to: RECIPIENT, amount: '0.0001' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      code: 'invalid_input',
      status: 400,
      detail: expect.stringContaining('the vault holds 0 ETH'),
      issues: [expect.objectContaining({ field: 'amount', rule: 'insufficient_funds' })],
    });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(result.structuredContent);
    expect(await creditBalance(gateway.db, accountId)).toBe(usdToCredit('1'));
  });

  it("answers a send over the spending policy's per-call cap with isError policy_refused naming the rule", async () => {
    const { client, accountId } = await funded('1');
    const result = await client.callTool({
      name: 'baseNativeSend-transaction',
      arguments: { to: RECIPIENT, amount: '1000' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ code: 'policy_refused', status: 403, rule: 'per_call_usd' });
    expect(await creditBalance(gateway.db, accountId)).toBe(usdToCredit('1'));
  });

  it('answers a failed upstream provider with isError upstream_error and charges nothing', async () => {
    const { client, accountId } = await funded('1');
    const result = await client.callTool({ name: 'migrationListProjects', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      code: 'upstream_error',
      status: 502,
      detail: expect.stringContaining('answered HTTP 400'),
    });
    expect(await creditBalance(gateway.db, accountId)).toBe(usdToCredit('1'));
  });

  it('keeps invalid arguments and unknown tools as JSON-RPC -32602 protocol errors', async () => {
    const { client } = await funded('1');
    const invalid = await client
      .callTool({ name: 'baseNativeSend-transaction', arguments: { to: RECIPIENT } })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(McpError);
    expect(invalid).toMatchObject({ code: -32602, data: { issues: [expect.objectContaining({ field: 'amount' })] } });
    const unknown = await client.callTool({ name: 'noSuchTool', arguments: {} }).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: noSuchTool') });
  });
});
