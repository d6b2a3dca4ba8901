import { createServer } from 'node:net';
import { priceOf, findTool } from '@svc/contracts';
import { recentCalls } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import type { FastifyInstance } from 'fastify';
import { type Address, erc20Abi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, SANDBOX_PAY_TO } from '../src/config.js';
import { type Sandbox, startSandbox } from '../src/sandbox.js';
import { backends } from './harness.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const PRICE = BigInt(Math.round(Number(priceOf(findTool('hederaContractIdToEvmAddress')!)) * 1e6));
const TOOL = 'hederaContractIdToEvmAddress';

describe.each(backends)('paid calls settle on the sandbox chain ($name)', (backend) => {
  let sandbox: Sandbox;
  let app: FastifyInstance;
  let db: Awaited<ReturnType<typeof backend.open>>;
  let base: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    db = await backend.open();
    const port = await freePort();
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', PORT: String(port) }), { db, sandbox });
    await app.listen({ host: '127.0.0.1', port });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    await db?.close();
  });

  const usdcOf = (address: Address) => sandbox.base.publicClient.readContract({ address: sandbox.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const payee = SANDBOX_PAY_TO.base as Address;

  async function fundedPayer() {
    const account = privateKeyToAccount(generatePrivateKey());
    const res = await fetch(`${base}/api/sandbox/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: account.address, token: 'BASE_USDC', amount: '1' }) });
    expect(res.status).toBe(200);
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(toClientEvmSigner(account, sandbox.base.publicClient)));
    return { account, client };
  }

  const call = (tool: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/tools/execute/unified/${tool}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** Sign one payment for `tool` from its 402, as @x402/fetch would, without sending it. */
  async function signedPayment(client: x402Client, tool: string, body: unknown): Promise<string> {
    const res = await call(tool, body);
    expect(res.status).toBe(402);
    const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!) as PaymentRequired;
    return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
  }

  it('@x402/fetch pays BASE_USDC and the payee balance rises by exactly the price', async () => {
    const { account, client } = await fundedPayer();
    const before = await usdcOf(payee);
    const payFetch = wrapFetchWithPayment(fetch, client);
    const res = await payFetch(`${base}/api/tools/execute/unified/${TOOL}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ contractId: '0.0.1234' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contractId: '0.0.1234', evmAddress: '0x00000000000000000000000000000000000004d2', sandbox: true });
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    expect(settlement).toMatchObject({ success: true, network: 'eip155:8453', payer: account.address });
    expect(await usdcOf(payee)).toBe(before + PRICE);
    expect(await usdcOf(account.address)).toBe(1_000_000n - PRICE);
    const receipt = await sandbox.base.publicClient.getTransactionReceipt({ hash: settlement.transaction as `0x${string}` });
    expect(receipt.status).toBe('success');
    const [row] = await recentCalls(db, { tool: TOOL, limit: 1 });
    expect(row).toMatchObject({ outcome: 'settled', httpStatus: 200, token: 'BASE_USDC', amount: PRICE.toString(), txHash: settlement.transaction, payer: account.address });
  });

  it('answers a replayed PAYMENT-SIGNATURE with 402 and charges nothing more', async () => {
    const { client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.7' });
    expect((await call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment })).status).toBe(200);
    const before = await usdcOf(payee);
    const replay = await call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment });
    expect(replay.status).toBe(402);
    expect(decodePaymentRequiredHeader(replay.headers.get('payment-required')!).error).toMatch(/already_used/);
    expect(await usdcOf(payee)).toBe(before);
  });

  it('lets exactly one of two concurrent requests with the same payment succeed', async () => {
    const { client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.8' });
    const before = await usdcOf(payee);
    const statuses = (await Promise.all([0, 1, 2].map(() => call(TOOL, { contractId: '0.0.8' }, { 'payment-signature': payment })))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 402, 402]);
    expect(await usdcOf(payee)).toBe(before + PRICE);
  });

  it('does not charge a read call that fails, and the same payment then pays for a good call', async () => {
    const { account, client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.9' });
    const before = await usdcOf(payee);
    const failed = await call(TOOL, { contractId: '0.0.18446744073709551616' }, { 'payment-signature': payment });
    expect(failed.status).toBe(400);
    expect(failed.headers.get('payment-response')).toBeNull();
    expect(await usdcOf(payee)).toBe(before);
    expect(await usdcOf(account.address)).toBe(1_000_000n);
    const ok = await call(TOOL, { contractId: '0.0.9' }, { 'payment-signature': payment });
    expect(ok.status).toBe(200);
    expect(await usdcOf(payee)).toBe(before + PRICE);
  });

  it('never verifies or settles a payment sent to a tool without a handler (501), so it stays usable', async () => {
    const { client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.1' });
    const before = await usdcOf(payee);
    const unimplemented = await call('websearch', { query: 'x' }, { 'payment-signature': payment });
    expect(unimplemented.status).toBe(501);
    expect(((await unimplemented.json()) as { tool: string }).tool).toBe('websearch');
    expect(await usdcOf(payee)).toBe(before);
    expect((await call(TOOL, { contractId: '0.0.1' }, { 'payment-signature': payment })).status).toBe(200);
  });

  it('answers an unfunded payer with 402 naming the reason, and charges nothing', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const client = new x402Client().register('eip155:*', new ExactEvmScheme(toClientEvmSigner(account, sandbox.base.publicClient)));
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.2' });
    const res = await call(TOOL, { contractId: '0.0.2' }, { 'payment-signature': payment });
    expect(res.status).toBe(402);
    expect(decodePaymentRequiredHeader(res.headers.get('payment-required')!).error).toMatch(/insufficient|balance|simulation/i);
  });
});
