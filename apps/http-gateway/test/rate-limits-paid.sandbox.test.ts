import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { pglite, usdcOf, useSandboxGateway } from './harness.js';

const TOOL = 'hederaContractIdToEvmAddress';

describe('rate limits never refuse a paid call', () => {
  const gateway = useSandboxGateway(pglite, { RATE_LIMIT_UNPAID_PER_MINUTE: '2' });

  it('a paid call and its idempotent retry are answered after the address spent its unpaid budget', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    // Funded from another address, so the payer's own budget is only what this test spends.
    const funded = await gateway.app.inject({
      method: 'POST',
      url: '/api/sandbox/faucet',
      remoteAddress: '10.1.2.3',
      payload: { address: account.address, token: 'BASE_USDC', amount: '1' },
    });
    expect(funded.statusCode).toBe(200);
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
    );

    // The unpaid 402 and one discovery call spend the budget of 2; the next unpaid request is refused.
    const challenge = await gateway.call(TOOL, { contractId: '0.0.77' });
    expect(challenge.status).toBe(402);
    const required = decodePaymentRequiredHeader(challenge.headers.get('payment-required')!);
    const payment = encodePaymentSignatureHeader(await client.createPaymentPayload(required));
    expect((await fetch(`${gateway.url}/api/tools/discover`)).status).toBe(200);
    expect((await gateway.call(TOOL, { contractId: '0.0.77' })).status).toBe(429);

    const headers = { 'payment-signature': payment, 'idempotency-key': 'rate-limited-retry' };
    const paid = await gateway.call(TOOL, { contractId: '0.0.77' }, headers);
    expect(paid.status).toBe(200);
    expect(await usdcOf(gateway.sandbox, account.address)).toBeLessThan(1_000_000n);
    // The settled payment's retry (a client that lost the answer) replays it: never a 429.
    const retry = await gateway.call(TOOL, { contractId: '0.0.77' }, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await paid.json());
    // The unpaid budget is still spent: paid calls neither refill nor use it.
    expect((await gateway.call(TOOL, { contractId: '0.0.78' })).status).toBe(429);
  });
});
