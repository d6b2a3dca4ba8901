import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { usdToCredit } from '@svc/payments';
import { addCredit } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { pglite, useSandboxGateway } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const METRICS_TOKEN = 'metrics-token-0123456789';
const logLines: Record<string, unknown>[] = [];
const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };

/** The sum of the samples of `name` carrying `labels` in a Prometheus text exposition (0 when there are none). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  return text
    .split('\n')
    .filter(
      (row) =>
        (row.startsWith(`${name}{`) || row.startsWith(`${name} `)) && wanted.every((label) => row.includes(label)),
    )
    .reduce((sum, row) => sum + Number(row.slice(row.lastIndexOf(' ') + 1)), 0);
}

describe('/metrics, /ready and the per-call log line', () => {
  const gateway = useSandboxGateway(pglite, { LOG_LEVEL: 'info', METRICS_TOKEN }, { logStream });
  const scrape = async () => {
    const res = await fetch(`${gateway.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('METRICS_TOKEN set: /metrics without it or with another answers 401', async () => {
    const none = await fetch(`${gateway.url}/metrics`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe('credentials_required');
    const wrong = await fetch(`${gateway.url}/metrics`, { headers: { authorization: 'Bearer wrong' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('credentials_invalid');
  });

  it('a paid call, an unpaid one and a refused one move their counters and each log one line', async () => {
    const before = await scrape();
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
    );
    const paid = await wrapFetchWithPayment(fetch, client)(`${gateway.url}/api/tools/execute/unified/${TOOL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contractId: '0.0.1234' }),
    });
    expect(paid.status).toBe(200);
    expect((await gateway.call(TOOL, { contractId: '0.0.1234' })).status).toBe(402);
    expect((await gateway.call(TOOL, { contractId: 'not an id' })).status).toBe(400);
    expect((await gateway.call('noSuchTool', {})).status).toBe(404);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    const rest = { tool: TOOL, transport: 'rest' };
    expect(moved('svc_tool_calls_total', { ...rest, outcome: 'settled' })).toBe(1);
    // The paid call's first request (the client's, before it signs) and the unpaid one.
    expect(moved('svc_tool_calls_total', { ...rest, outcome: 'payment_required' })).toBe(2);
    expect(moved('svc_tool_calls_total', { ...rest, outcome: 'error' })).toBe(1);
    expect(moved('svc_tool_call_errors_total', { tool: TOOL, code: 'invalid_input' })).toBe(1);
    // An unknown name is labelled `unknown`, never as sent.
    expect(moved('svc_tool_calls_total', { tool: 'unknown', transport: 'rest', outcome: 'error' })).toBe(1);
    expect(after).not.toContain('noSuchTool');
    expect(moved('svc_tool_call_duration_seconds_count', rest)).toBe(4);
    expect(moved('svc_payments_verified_total', { token: 'BASE_USDC' })).toBe(1);
    expect(moved('svc_payments_settled_total', { token: 'BASE_USDC' })).toBe(1);
    expect(moved('svc_settlement_duration_seconds_count', { token: 'BASE_USDC' })).toBe(1);
    // Requests by route pattern, not by URL.
    const route = { method: 'POST', route: '/api/tools/execute/unified/:toolName' };
    expect(moved('svc_http_requests_total', { ...route, status: '200' })).toBe(1);
    expect(moved('svc_http_requests_total', { ...route, status: '402' })).toBe(2);
    expect(after).not.toContain(`unified/${TOOL}`);
    // Nobody's address is a label.
    expect(after.toLowerCase()).not.toContain(account.address.toLowerCase().slice(2));
    expect(sample(after, 'svc_upstream_breaker_state', { provider: 'Jupiter', state: 'closed' })).toBe(1);
    expect(after).toContain('svc_webhook_outbox{state="pending"} 0');
    expect(after).toContain('svc_conditional_orders{status="CLAIMED"} 0');

    const settledLine = logLines.find((line) => line.msg === 'tool call' && line.outcome === 'settled');
    const receipt = JSON.parse(Buffer.from(paid.headers.get('payment-response')!, 'base64').toString('utf8')) as {
      transaction: string;
    };
    expect(settledLine).toMatchObject({
      level: 30,
      tool: TOOL,
      transport: 'rest',
      status: 200,
      outcome: 'settled',
      payer: `${account.address.slice(0, 6)}…${account.address.slice(-4)}`,
      txHash: receipt.transaction,
    });
    expect(settledLine!.latencyMs).toEqual(expect.any(Number));
    const refused = logLines.filter((line) => line.msg === 'tool call' && line.status === 400);
    expect(refused).toEqual([expect.objectContaining({ tool: TOOL, outcome: 'error', reason: 'invalid_input' })]);
    // No line carries the payment itself.
    expect(JSON.stringify(logLines)).not.toContain(paid.headers.get('payment-response')!);
  });

  // Its signature verifies locally (balances are left to the settlement: see verifyExactEvmLocally), so the
  // settlement refuses it, before the tool's answer is released.
  it('a payment from a wallet without the funds is refused at settlement and counted by token and reason', async () => {
    const before = await scrape();
    const broke = privateKeyToAccount(generatePrivateKey());
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(broke, gateway.sandbox.base.publicClient)),
    );
    const res = await wrapFetchWithPayment(fetch, client)(`${gateway.url}/api/tools/execute/unified/${TOOL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contractId: '0.0.1234' }),
    });
    expect(res.status).toBe(402);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('svc_payments_refused_total', { token: 'BASE_USDC', stage: 'settle' })).toBe(1);
    expect(moved('svc_payments_settled_total', { token: 'BASE_USDC' })).toBe(0);
    expect(moved('svc_tool_calls_total', { tool: TOOL, transport: 'rest', outcome: 'payment_refused' })).toBe(1);
    const refusal = /svc_payments_refused_total\{[^}]*reason="([a-z0-9_]+)"[^}]*\} 1/.exec(after);
    expect(refusal?.[1]).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('an MCP call paid from credit counts under its transport, as a credit debit, and logs its account', async () => {
    const before = await scrape();
    const { key, accountId } = await newAccessKey(gateway.db);
    await addCredit(gateway.db, { accountId, amount: usdToCredit('1'), kind: 'grant' });
    const client = new Client({ name: 'metrics-test', version: '1.0.0' });
    await client.connect(mcpTransport(new URL('/api/mcp', gateway.url), { 'x-api-key': key }));
    try {
      const result = await client.callTool({ name: TOOL, arguments: { contractId: '0.0.9' } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('svc_tool_calls_total', { tool: TOOL, transport: 'mcp', outcome: 'credit' })).toBe(1);
    expect(moved('svc_credit_debits_total', { tool: TOOL })).toBe(1);
    expect(moved('svc_payments_settled_total', { token: 'BASE_USDC' })).toBe(0);
    expect(logLines.filter((line) => line.msg === 'tool call' && line.transport === 'mcp')).toEqual([
      expect.objectContaining({
        tool: TOOL,
        status: 200,
        outcome: 'credit',
        payer: `${accountId.slice(0, 6)}…${accountId.slice(-4)}`,
      }),
    ]);
  });

  it('/ready checks the database, the facilitator and the sandbox chains', async () => {
    const res = await fetch(`${gateway.url}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ready',
      database: { kind: 'pglite', ok: true },
      facilitator: { ok: true },
      chains: { base: { ok: true }, solana: { ok: true } },
    });
  });
});
