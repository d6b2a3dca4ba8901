import { recentCalls } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import type { FastifyInstance } from 'fastify';
import { erc20Abi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '@svc/config';
import type { Sandbox } from '../src/sandbox.js';
import { backendsFor, post, workerSandbox } from './harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const INPUT = { contractId: '0.0.1234' };

async function signedPayment(
  app: FastifyInstance,
  sandbox: Sandbox,
  account = privateKeyToAccount(generatePrivateKey()),
) {
  const res = await post(app, TOOL, INPUT);
  const required = decodePaymentRequiredHeader(res.headers['payment-required'] as string);
  const client = new x402Client().register(
    'eip155:*',
    new ExactEvmScheme(toClientEvmSigner(account, sandbox.base.publicClient)),
  );
  return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
}

describe.each(backendsFor(import.meta.url))('facilitator unreachable ($name)', (backend) => {
  let sandbox: Sandbox;
  let db: Awaited<ReturnType<typeof backend.open>>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    sandbox = await workerSandbox();
    db = await backend.open();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db?.close();
  });
  const gateway = async (facilitator: Sandbox['facilitator']) => {
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { db, sandbox: { ...sandbox, facilitator } });
    apps.push(app);
    return app;
  };

  // A plain account's payment is verified without the facilitator (verifyExactEvmLocally), so an unreachable one is
  // met at settlement; one it must verify releases its claim (processor.db.test.ts).
  it('answers 502 when settlement cannot reach it: nothing moves, the payment is never reused, and the ledger says so', async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    await sandbox.base.mintUsdc(payer.address, 1_000_000n);
    const app = await gateway({
      ...sandbox.facilitator,
      settle: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9')),
    });
    const payment = await signedPayment(app, sandbox, payer);
    const res = await post(app, TOOL, INPUT, { 'payment-signature': payment });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'facilitator_unreachable' });
    expect(
      await sandbox.base.publicClient.readContract({
        address: sandbox.base.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [payer.address],
      }),
    ).toBe(1_000_000n);

    const [row] = await recentCalls(db, { tool: TOOL, limit: 1 });
    expect(row).toMatchObject({ outcome: 'settlement_unknown', httpStatus: 502, payer: payer.address });
    // The outcome was unknown (it might have been broadcast), so the payment is not accepted again.
    const retry = await post(await gateway(sandbox.facilitator), TOOL, INPUT, { 'payment-signature': payment });
    expect(retry.statusCode).toBe(402);
    expect(decodePaymentRequiredHeader(retry.headers['payment-required'] as string).error).toMatch(
      /^payment_already_used/,
    );
  });
});
