import { priceOf, findTool } from '@svc/contracts';
import { recentCalls } from '@svc/store';
import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import { backendsFor, usdcOf as baseUsdcOf, useSandboxGateway, withoutHandler } from './harness.js';

const PRICE = BigInt(Math.round(Number(priceOf(findTool('hederaContractIdToEvmAddress')!)) * 1e6));
const TOOL = 'hederaContractIdToEvmAddress';
/** A read tool whose handler this file's gateway leaves out: every catalog tool has one, so the 501 path needs it. */
const UNIMPLEMENTED_TOOL = 'searchPredictEvents';

describe.each(backendsFor(import.meta.url))('paid calls settle on the sandbox chain ($name)', (backend) => {
  const gateway = useSandboxGateway(backend, {}, { handlers: withoutHandler(UNIMPLEMENTED_TOOL) });

  const usdcOf = (address: Address) => baseUsdcOf(gateway.sandbox, address);
  const payee = SANDBOX_PAY_TO.base as Address;

  async function fundedPayer() {
    const account = privateKeyToAccount(generatePrivateKey());
    const res = await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' });
    expect(res.status).toBe(200);
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
    );
    return { account, client };
  }

  /** Sign one payment for `tool` from its 402, as @x402/fetch would, without sending it. */
  async function signedPayment(client: x402Client, tool: string, body: unknown): Promise<string> {
    const res = await gateway.call(tool, body);
    expect(res.status).toBe(402);
    const required = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
    return encodePaymentSignatureHeader(await client.createPaymentPayload(required));
  }

  it('@x402/fetch pays BASE_USDC and the payee balance rises by exactly the price', async () => {
    const { account, client } = await fundedPayer();
    const before = await usdcOf(payee);
    const payFetch = wrapFetchWithPayment(fetch, client);
    const res = await payFetch(`${gateway.url}/api/tools/execute/unified/${TOOL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contractId: '0.0.1234' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      contractId: '0.0.1234',
      evmAddress: '0x00000000000000000000000000000000000004d2',
      sandbox: true,
    });
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response')!);
    expect(settlement).toMatchObject({ success: true, network: 'eip155:8453', payer: account.address });
    expect(await usdcOf(payee)).toBe(before + PRICE);
    expect(await usdcOf(account.address)).toBe(1_000_000n - PRICE);
    const receipt = await gateway.sandbox.base.publicClient.getTransactionReceipt({
      hash: settlement.transaction as `0x${string}`,
    });
    expect(receipt.status).toBe('success');
    const [row] = await recentCalls(gateway.db, { tool: TOOL, limit: 1 });
    expect(row).toMatchObject({
      outcome: 'settled',
      httpStatus: 200,
      token: 'BASE_USDC',
      amount: PRICE.toString(),
      txHash: settlement.transaction,
      payer: account.address,
    });
  });

  it('answers a replayed PAYMENT-SIGNATURE with 402 and charges nothing more', async () => {
    const { client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.7' });
    expect((await gateway.call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment })).status).toBe(200);
    const before = await usdcOf(payee);
    const replay = await gateway.call(TOOL, { contractId: '0.0.7' }, { 'payment-signature': payment });
    expect(replay.status).toBe(402);
    expect(decodePaymentRequiredHeader(replay.headers.get('payment-required')!).error).toMatch(/already_used/);
    expect(await usdcOf(payee)).toBe(before);
    const [row] = await recentCalls(gateway.db, { tool: TOOL, limit: 1 });
    expect(row).toMatchObject({
      outcome: 'payment_rejected: payment_already_used',
      httpStatus: 402,
      token: 'BASE_USDC',
      txHash: null,
    });
  });

  it('lets exactly one of two concurrent requests with the same payment succeed', async () => {
    const { client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.8' });
    const before = await usdcOf(payee);
    const statuses = (
      await Promise.all(
        [0, 1, 2].map(() => gateway.call(TOOL, { contractId: '0.0.8' }, { 'payment-signature': payment })),
      )
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 402, 402]);
    expect(await usdcOf(payee)).toBe(before + PRICE);
  });

  it('does not charge a read call that fails, and the same payment then pays for a good call', async () => {
    const { account, client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.9' });
    const before = await usdcOf(payee);
    const failed = await gateway.call(
      TOOL,
      { contractId: '0.0.18446744073709551616' },
      { 'payment-signature': payment },
    );
    expect(failed.status).toBe(400);
    expect(failed.headers.get('payment-response')).toBeNull();
    expect(await usdcOf(payee)).toBe(before);
    expect(await usdcOf(account.address)).toBe(1_000_000n);
    const ok = await gateway.call(TOOL, { contractId: '0.0.9' }, { 'payment-signature': payment });
    expect(ok.status).toBe(200);
    expect(await usdcOf(payee)).toBe(before + PRICE);
  });

  it('never verifies or settles a payment sent to a tool without a handler (501), so it stays usable', async () => {
    const { client } = await fundedPayer();
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.1' });
    const before = await usdcOf(payee);
    const unimplemented = await gateway.call(UNIMPLEMENTED_TOOL, { q: 'x' }, { 'payment-signature': payment });
    expect(unimplemented.status).toBe(501);
    expect(((await unimplemented.json()) as { tool: string }).tool).toBe(UNIMPLEMENTED_TOOL);
    expect(await usdcOf(payee)).toBe(before);
    expect((await gateway.call(TOOL, { contractId: '0.0.1' }, { 'payment-signature': payment })).status).toBe(200);
  });

  it('answers an unfunded payer with 402 naming the reason, and charges nothing', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
    );
    const payment = await signedPayment(client, TOOL, { contractId: '0.0.2' });
    const res = await gateway.call(TOOL, { contractId: '0.0.2' }, { 'payment-signature': payment });
    expect(res.status).toBe(402);
    expect(decodePaymentRequiredHeader(res.headers.get('payment-required')!).error).toMatch(
      /insufficient|balance|simulation/i,
    );
  });

  describe('Idempotency-Key', () => {
    it('returns the stored response to a retry with the same key and payment, without a second charge', async () => {
      const { client } = await fundedPayer();
      const payment = await signedPayment(client, TOOL, { contractId: '0.0.31' });
      const headers = { 'payment-signature': payment, 'idempotency-key': 'retry-1' };
      const first = await gateway.call(TOOL, { contractId: '0.0.31' }, headers);
      expect(first.status).toBe(200);
      const before = await usdcOf(payee);
      const retry = await gateway.call(TOOL, { contractId: '0.0.31' }, headers);
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(await first.json());
      expect(retry.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
      expect(await usdcOf(payee)).toBe(before);
    });

    it('returns the stored response to a retry signed anew by the same payer, and that payment is not taken', async () => {
      const { account, client } = await fundedPayer();
      const first = await gateway.call(
        TOOL,
        { contractId: '0.0.32' },
        {
          'payment-signature': await signedPayment(client, TOOL, { contractId: '0.0.32' }),
          'idempotency-key': 'retry-2',
        },
      );
      expect(first.status).toBe(200);
      const payerBalance = await usdcOf(account.address);
      const fresh = await signedPayment(client, TOOL, { contractId: '0.0.32' });
      const retry = await gateway.call(
        TOOL,
        { contractId: '0.0.32' },
        { 'payment-signature': fresh, 'idempotency-key': 'retry-2' },
      );
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await usdcOf(account.address)).toBe(payerBalance);
      // The fresh payment was released, so it can still pay for a new call.
      expect((await gateway.call(TOOL, { contractId: '0.0.32' }, { 'payment-signature': fresh })).status).toBe(200);
    });

    it('answers 409 when the key is reused with another input, and charges nothing', async () => {
      const { account, client } = await fundedPayer();
      expect(
        (
          await gateway.call(
            TOOL,
            { contractId: '0.0.33' },
            {
              'payment-signature': await signedPayment(client, TOOL, { contractId: '0.0.33' }),
              'idempotency-key': 'retry-3',
            },
          )
        ).status,
      ).toBe(200);
      const payerBalance = await usdcOf(account.address);
      const other = await gateway.call(
        TOOL,
        { contractId: '0.0.34' },
        {
          'payment-signature': await signedPayment(client, TOOL, { contractId: '0.0.34' }),
          'idempotency-key': 'retry-3',
        },
      );
      expect(other.status).toBe(409);
      expect(((await other.json()) as { code: string }).code).toBe('idempotency_conflict');
      expect(await usdcOf(account.address)).toBe(payerBalance);
    });

    it('executes once when two concurrent requests carry one key (different payments, same payer)', async () => {
      const { account, client } = await fundedPayer();
      const payments = await Promise.all([0, 1].map(() => signedPayment(client, TOOL, { contractId: '0.0.35' })));
      const before = await usdcOf(account.address);
      const responses = await Promise.all(
        payments.map((payment) =>
          gateway.call(TOOL, { contractId: '0.0.35' }, { 'payment-signature': payment, 'idempotency-key': 'race-1' }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
      expect(await usdcOf(account.address)).toBe(before - PRICE);
      const rows = (await recentCalls(gateway.db, { tool: TOOL, limit: 50 })).filter(
        (r) => r.payer === account.address,
      );
      expect(rows.filter((r) => r.outcome === 'settled')).toHaveLength(1);
    });

    it('rejects a malformed key with 400 before any payment is verified', async () => {
      const { client } = await fundedPayer();
      const res = await gateway.call(
        TOOL,
        { contractId: '0.0.36' },
        {
          'payment-signature': await signedPayment(client, TOOL, { contractId: '0.0.36' }),
          'idempotency-key': 'x'.repeat(256),
        },
      );
      expect(res.status).toBe(400);
    });
  });
});
