import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Db } from '@svc/store';
import { x402Client } from '@x402/core/client';
import type { PaymentRequired } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import type { FastifyInstance } from 'fastify';
import { type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, SANDBOX_PAY_TO } from '@svc/config';
import type { Sandbox } from '../src/sandbox.js';
import { backendsFor, usdcOf as baseUsdcOf, workerSandbox } from './harness.js';
import { mcpTransport, newAccessKey } from './mcp-harness.js';

const TOOL = 'hederaContractIdToEvmAddress';

describe.each(backendsFor(import.meta.url))(
  'MCP tools/call paid per call through _meta["x402/payment"] ($name)',
  (backend) => {
    let sandbox: Sandbox;
    let db: Db;
    let app: FastifyInstance;
    let url: URL;
    let key: string;
    const clients: Client[] = [];

    beforeAll(async () => {
      sandbox = await workerSandbox();
      db = await backend.open();
      app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { db, sandbox });
      url = new URL('/api/mcp', await app.listen({ host: '127.0.0.1', port: 0 }));
      ({ key } = await newAccessKey(db));
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await app?.close();
      await db?.close();
    });

    async function connect(headers: Record<string, string> = {}) {
      const client = new Client({ name: 'svc-paying-client', version: '1.0.0' });
      clients.push(client);
      await client.connect(mcpTransport(url, { 'x-api-key': key, ...headers }));
      return client;
    }

    async function fundedPayer() {
      const account = privateKeyToAccount(generatePrivateKey());
      const res = await fetch(new URL('/api/sandbox/faucet', url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: account.address, token: 'BASE_USDC', amount: '1' }),
      });
      expect(res.status).toBe(200);
      return {
        account,
        x402: new x402Client().register(
          'eip155:*',
          new ExactEvmScheme(toClientEvmSigner(account, sandbox.base.publicClient)),
        ),
      };
    }

    const usdcOf = (address: Address) => baseUsdcOf(sandbox, address);

    /** Ask unpaid, as an x402 MCP client does, and sign a payment for the PaymentRequired it gets. */
    async function paymentFor(client: Client, x402: x402Client, args: Record<string, unknown>) {
      const unpaid = await client.callTool({ name: TOOL, arguments: args });
      expect(unpaid.isError).toBe(true);
      return x402.createPaymentPayload(unpaid.structuredContent as PaymentRequired);
    }

    it('executes after payment: structured content, the same JSON as text, and the settlement in _meta', async () => {
      const client = await connect();
      const { account, x402 } = await fundedPayer();
      const payee = SANDBOX_PAY_TO.base as Address;
      const before = await usdcOf(payee);
      const payment = await paymentFor(client, x402, { contractId: '0.0.1234' });

      const result = await client.callTool({
        name: TOOL,
        arguments: { contractId: '0.0.1234' },
        _meta: { 'x402/payment': payment },
      });
      const expected = {
        contractId: '0.0.1234',
        evmAddress: '0x00000000000000000000000000000000000004d2',
        sandbox: true,
      };
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(expected);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(expected) }]);
      expect(result._meta?.['x402/payment-response']).toMatchObject({
        success: true,
        network: 'eip155:8453',
        payer: account.address,
        transaction: expect.stringMatching(/^0x/),
      });
      expect((await usdcOf(payee)) - before).toBe(BigInt(payment.accepted.amount));
    });

    it('replays an Idempotency-Key retry carrying the same payment without charging again', async () => {
      const client = await connect({ 'idempotency-key': 'mcp-retry-1' });
      const { account, x402 } = await fundedPayer();
      const payment = await paymentFor(client, x402, { contractId: '0.0.77' });
      const call = () =>
        client.callTool({ name: TOOL, arguments: { contractId: '0.0.77' }, _meta: { 'x402/payment': payment } });
      const first = await call();
      const balance = await usdcOf(account.address);
      const retry = await call();
      expect(retry.structuredContent).toEqual(first.structuredContent);
      expect(retry._meta?.['x402/payment-response']).toEqual(first._meta?.['x402/payment-response']);
      expect(await usdcOf(account.address)).toBe(balance);
    });

    it('answers a payment the facilitator refuses with the payment-required result and its reason', async () => {
      const client = await connect();
      const { x402 } = await fundedPayer();
      const payment = await paymentFor(client, x402, { contractId: '0.0.5' });
      const tampered = { ...payment, accepted: { ...payment.accepted, amount: '1' } };
      const result = await client.callTool({
        name: TOOL,
        arguments: { contractId: '0.0.5' },
        _meta: { 'x402/payment': tampered },
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ x402Version: 2, accepts: expect.any(Array) });
      expect((result.structuredContent as { error: string }).error).not.toBe('Payment required');
    });
  },
);
