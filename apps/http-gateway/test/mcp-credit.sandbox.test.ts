import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { findTool, priceOf } from '@svc/contracts';
import { usdToCredit } from '@svc/payments';
import { creditBalance, recentCalls } from '@svc/store';
import { x402Client } from '@x402/core/client';
import type { PaymentRequired } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDIT_USAGE, creditCli } from '../src/cli/credit.js';
import { SANDBOX_PAY_TO } from '@svc/config';
import { backendsFor, usdcOf as baseUsdcOf, useSandboxGateway } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const PRICE_USD = priceOf(findTool(TOOL)!);
const PRICE = usdToCredit(PRICE_USD);

describe.each(backendsFor(import.meta.url))('MCP calls paid from account credit ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);
  const clients: Client[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));

  async function connect(key: string, headers: Record<string, string> = {}) {
    const client = new Client({ name: 'svc-credit-client', version: '1.0.0' });
    clients.push(client);
    await client.connect(mcpTransport(new URL('/api/mcp', gateway.url), { 'x-api-key': key, ...headers }));
    return client;
  }

  async function fundedPayer() {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
    return {
      account,
      x402: new x402Client().register(
        'eip155:*',
        new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
      ),
    };
  }

  const usdcOf = (address: Address) => baseUsdcOf(gateway.sandbox, address);

  const cli = async (...argv: string[]) => {
    const lines: string[] = [];
    await creditCli(argv, { db: gateway.db, print: (line) => lines.push(line) });
    return lines;
  };

  it('answers with the x402 payment-required result, naming the shortfall, while the account has no credit', async () => {
    const { key } = await newAccessKey(gateway.db);
    const result = await (await connect(key)).callTool({ name: TOOL, arguments: { contractId: '0.0.9' } });
    expect(result.isError).toBe(true);
    const required = result.structuredContent as PaymentRequired;
    expect(required.x402Version).toBe(2);
    // One per payment token, and BASE_USDC's batch-settlement beside its exact.
    expect(required.accepts).toHaveLength(6);
    expect(required.error).toMatch(/^insufficient_credit: this call costs .* USD and the account's credit is 0 USD/);
  });

  it('tops up with an @x402/fetch payment of any amount, then debits exactly the price per call', async () => {
    const { key, accountId } = await newAccessKey(gateway.db);
    const { x402 } = await fundedPayer();
    const payee = SANDBOX_PAY_TO.base as Address;
    const before = await usdcOf(payee);
    const payFetch = wrapFetchWithPayment(fetch, x402);
    const topup = await payFetch(`${gateway.url}/api/account/credit/topup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ amountUsd: '0.25' }),
    });
    expect(topup.status).toBe(200);
    expect(await topup.json()).toMatchObject({
      accountId,
      creditedUsd: '0.25',
      balanceUsd: '0.25',
      network: 'eip155:8453',
      transaction: expect.stringMatching(/^0x/),
    });
    expect(topup.headers.get('payment-response')).toBeTruthy();
    expect(await usdcOf(payee)).toBe(before + 250_000n);

    const client = await connect(key);
    const result = await client.callTool({ name: TOOL, arguments: { contractId: '0.0.1234' } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({
      contractId: '0.0.1234',
      evmAddress: '0x00000000000000000000000000000000000004d2',
      sandbox: true,
    });
    expect(result._meta?.['svc/credit']).toEqual({ chargedUsd: PRICE_USD, balanceUsd: expect.any(String) });
    expect(await creditBalance(gateway.db, accountId)).toBe(250_000n - PRICE);
    const [row] = await recentCalls(gateway.db, { tool: TOOL, limit: 1 });
    expect(row).toMatchObject({
      accountId,
      token: 'CREDIT',
      amount: PRICE.toString(),
      outcome: 'settled',
      httpStatus: 200,
    });

    const statement = await fetch(`${gateway.url}/api/account/credit`, { headers: { 'x-api-key': key } });
    const { balanceUsd, entries } = (await statement.json()) as { balanceUsd: string; entries: { kind: string }[] };
    expect(balanceUsd).toBe(
      result._meta?.['svc/credit'] && (result._meta['svc/credit'] as { balanceUsd: string }).balanceUsd,
    );
    expect(entries.map((e) => e.kind)).toEqual(['debit', 'topup']);
  });

  it('asks for a top-up payment at the requested amount, and refuses bad amounts and missing credentials', async () => {
    const { key } = await newAccessKey(gateway.db);
    const unpaid = await fetch(`${gateway.url}/api/account/credit/topup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ amountUsd: '12.5' }),
    });
    expect(unpaid.status).toBe(402);
    const required = (await unpaid.json()) as PaymentRequired;
    expect(required.accepts.find((a) => a.network === 'eip155:8453')?.amount).toBe('12500000');
    for (const amountUsd of ['0', '0.001', '10000.01', 'five']) {
      const bad = await fetch(`${gateway.url}/api/account/credit/topup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ amountUsd }),
      });
      expect(bad.status, amountUsd).toBe(400);
      expect(((await bad.json()) as { issues: { field: string }[] }).issues[0]!.field).toBe('amountUsd');
    }
    const anonymous = await fetch(`${gateway.url}/api/account/credit`);
    expect(anonymous.status).toBe(401);
  });

  it('never charges a call that fails, and charges an Idempotency-Key retry once', async () => {
    const { key, accountId } = await newAccessKey(gateway.db);
    await cli('grant', '--account', accountId, '--usd', '0.1');
    const client = await connect(key);
    const failed = await client.callTool({
      name: 'deleteMemory',
      arguments: { memoryId: 'mem_000000000000000000000000' },
    });
    expect(failed.isError).toBe(true);
    expect(await creditBalance(gateway.db, accountId)).toBe(100_000n);

    const retrying = await connect(key, { 'idempotency-key': 'credit-retry-1' });
    const first = await retrying.callTool({ name: TOOL, arguments: { contractId: '0.0.42' } });
    const retry = await retrying.callTool({ name: TOOL, arguments: { contractId: '0.0.42' } });
    expect(retry.structuredContent).toEqual(first.structuredContent);
    expect(await creditBalance(gateway.db, accountId)).toBe(100_000n - PRICE);
  });

  it('runs exactly as many concurrent calls as the credit covers, then takes a per-call x402 payment in _meta', async () => {
    const { key, accountId } = await newAccessKey(gateway.db);
    const granted = await cli('grant', '--account', accountId, '--usd', (Number(PRICE_USD) * 2).toFixed(6));
    expect(granted[0]).toMatch(/^granted .* balance/);
    const client = await connect(key);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => client.callTool({ name: TOOL, arguments: { contractId: `0.0.${i + 1}` } })),
    );
    expect(results.filter((r) => !r.isError)).toHaveLength(2);
    expect(await creditBalance(gateway.db, accountId)).toBe(0n);

    const { account, x402 } = await fundedPayer();
    const exhausted = results.find((r) => r.isError)!;
    const payment = await x402.createPaymentPayload(exhausted.structuredContent as PaymentRequired);
    const contractId = `0.0.${results.indexOf(exhausted) + 1}`;
    const paid = await client.callTool({ name: TOOL, arguments: { contractId }, _meta: { 'x402/payment': payment } });
    expect(paid.isError).toBeFalsy();
    expect(paid._meta?.['x402/payment-response']).toMatchObject({ success: true, payer: account.address });
    expect(await creditBalance(gateway.db, accountId)).toBe(0n);
  });

  it('gives operators grant and show, with clear usage errors', async () => {
    const { accountId } = await newAccessKey(gateway.db);
    await cli('grant', '--account', accountId, '--usd', '1.5', '--note', 'welcome');
    const shown = await cli('show', '--account', accountId);
    expect(shown[0]).toBe(`${accountId}: 1.5 USD`);
    expect(shown[1]).toContain('grant  +1.5  = 1.5  welcome');
    await expect(cli('grant', '--account', 'acct_nobody', '--usd', '1')).rejects.toThrow('No account acct_nobody.');
    await expect(cli('grant', '--account', accountId, '--usd', '0')).rejects.toThrow(/positive USD amount/);
    await expect(cli('refund')).rejects.toThrow(CREDIT_USAGE);
  });
});
