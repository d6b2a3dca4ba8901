import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anvilDevAccount, type SandboxEvmChain, startSandboxEvmChain } from '@svc/sandbox';
import { findPaymentClaim } from '@svc/store';
import { openTestDatabase } from '@svc/store/testing';
import type { FacilitatorClient } from '@x402/core/server';
import { createWalletClient, erc20Abi, http, type LocalAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIdOf } from '../payment-identity.js';
import { PaymentProcessor, PaymentRejected, SettlementFailed } from '../processor.js';
import {
  BASE_USDC_REQUIREMENTS as requirements,
  PAYEE,
  PRICE,
  signedBaseUsdcPayments,
  within,
  withoutMining,
} from '../testing.js';
import { NETWORKS } from '../tokens.js';
import { createLocalFacilitator, type LocalEvmSettlement } from './local.js';

const SETTLER_INDEX = 2;
const CONCURRENT_SETTLEMENTS = 50;
const PROBE = { tool: 'probe', resourceUrl: 'http://127.0.0.1/test' };

/**
 * A JSON-RPC proxy in front of the chain that breaks some `eth_sendRawTransaction` calls: `dropped` ones never reach
 * the chain, `answerLost` ones reach it but their answer is replaced by an error (the node took the transaction).
 */
async function flakyRpc(
  upstream: string,
  { dropped, answerLost }: { dropped: Set<number>; answerLost: Set<number> },
): Promise<{ url: string; server: Server }> {
  let sends = 0;
  type Request = { jsonrpc: '2.0'; id: number; method: string };
  const answer = async (request: Request): Promise<unknown> => {
    const send = request.method === 'eth_sendRawTransaction' ? ++sends : 0;
    const injected = (message: string) => ({ jsonrpc: '2.0', id: request.id, error: { code: -32000, message } });
    if (dropped.has(send)) return injected('injected: connection lost before the node saw the transaction');
    const upstreamAnswer = await (
      await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      })
    ).json();
    return answerLost.has(send)
      ? injected('injected: connection lost after the node took the transaction')
      : upstreamAnswer;
  };
  const relay = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as Request | Request[];
    // The facilitator batches its requests: answer each item of a batch, keeping their order.
    const answers = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
    res.setHeader('content-type', 'application/json').end(JSON.stringify(answers));
  };
  // A failed relay ends its connection (the facilitator sees a lost node) instead of an unhandled rejection.
  const server = createServer((req, res) => {
    relay(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('local facilitator on a sandbox EVM chain', () => {
  let chain: SandboxEvmChain;
  const settler = anvilDevAccount(SETTLER_INDEX);

  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  const signedPayments = (count: number) => signedBaseUsdcPayments(chain, PROBE.resourceUrl, count);

  const facilitatorWith = (
    options: Partial<Pick<LocalEvmSettlement, 'rpcUrl' | 'receiptTimeoutMs' | 'settlers' | 'maxBatchSize'>> = {},
  ): FacilitatorClient =>
    createLocalFacilitator({
      evm: [{ network: NETWORKS.base, rpcUrl: chain.rpcUrl, settlers: [settler], ...options }],
    });
  const payeeBalance = () =>
    chain.publicClient.readContract({ address: chain.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [PAYEE] });
  const settlerNonce = (account: LocalAccount = settler) =>
    chain.publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });

  it(`settles ${CONCURRENT_SETTLEMENTS} concurrent payments from one settler in fewer transactions, each payment once, none stuck in the pool`, async () => {
    const facilitator = facilitatorWith();
    const payments = await signedPayments(CONCURRENT_SETTLEMENTS);
    const [balanceBefore, nonceBefore] = await Promise.all([payeeBalance(), settlerNonce()]);
    const settled = await within(
      20_000,
      Promise.all(
        payments.map(async (payment) => {
          expect(await facilitator.verify(payment, requirements)).toMatchObject({ isValid: true });
          return facilitator.settle(payment, requirements);
        }),
      ),
    );
    expect(settled.filter((s) => !s.success)).toEqual([]);
    // Payments arriving while a settlement transaction is in flight go together in the next one (group commit).
    const transactions = new Set(settled.map((s) => s.transaction)).size;
    expect(transactions).toBeLessThan(CONCURRENT_SETTLEMENTS);
    expect(await settlerNonce()).toBe(nonceBefore + transactions);
    expect(await payeeBalance()).toBe(balanceBefore + PRICE * BigInt(CONCURRENT_SETTLEMENTS));
    expect(await chain.publicClient.request({ method: 'txpool_status' } as never)).toEqual({
      pending: '0x0',
      queued: '0x0',
    });
  });

  it('spreads settlements over its settler accounts, each sending in its own nonce order', async () => {
    const settlers = [anvilDevAccount(6), anvilDevAccount(7)] as const;
    // One payment per transaction, so the transactions the accounts sent can be counted.
    const facilitator = facilitatorWith({ settlers, maxBatchSize: 1 });
    expect((await facilitator.getSupported()).signers['eip155:*']).toEqual(settlers.map((account) => account.address));
    const payments = await signedPayments(20);
    const noncesBefore = await Promise.all(settlers.map((account) => settlerNonce(account)));
    const settled = await within(
      20_000,
      Promise.all(payments.map((payment) => facilitator.settle(payment, requirements))),
    );
    expect(settled.filter((s) => !s.success)).toEqual([]);
    const noncesAfter = await Promise.all(settlers.map((account) => settlerNonce(account)));
    expect(noncesAfter.map((nonce, i) => nonce - noncesBefore[i]!)).toEqual([10, 10]);
    expect(await chain.publicClient.request({ method: 'txpool_status' } as never)).toEqual({
      pending: '0x0',
      queued: '0x0',
    });
  });

  it('leaves no nonce gap when sends fail among concurrent settlements: the others all settle, none stuck in the pool', async () => {
    const rpc = await flakyRpc(chain.rpcUrl, { dropped: new Set([3, 17, 18, 40]), answerLost: new Set([9, 30]) });
    try {
      // One payment per transaction: each broken send fails exactly one settlement.
      const facilitator = facilitatorWith({ rpcUrl: rpc.url, maxBatchSize: 1 });
      const payments = await signedPayments(CONCURRENT_SETTLEMENTS);
      const [balanceBefore, nonceBefore] = await Promise.all([payeeBalance(), settlerNonce()]);
      const settled = await within(
        20_000,
        Promise.all(payments.map((payment) => facilitator.settle(payment, requirements))),
      );
      const failed = settled.filter((s) => !s.success);
      expect(failed.map((s) => s.errorMessage)).toEqual(
        Array.from({ length: 6 }, () => expect.stringMatching(/injected: connection lost/)),
      );
      // The lost answers' transactions were mined all the same (the outcome a failed send leaves unknown).
      const mined = CONCURRENT_SETTLEMENTS - 4;
      expect(await payeeBalance()).toBe(balanceBefore + PRICE * BigInt(mined));
      expect(await settlerNonce()).toBe(nonceBefore + mined);
      expect(await chain.publicClient.request({ method: 'txpool_status' } as never)).toEqual({
        pending: '0x0',
        queued: '0x0',
      });
    } finally {
      rpc.server.close();
    }
  });

  it('recovers its nonce after another sender used the settler account: one settlement fails, the next ones settle', async () => {
    const facilitator = facilitatorWith();
    const [first, second, third] = await signedPayments(3);
    expect(await facilitator.settle(first!, requirements)).toMatchObject({ success: true });
    // The facilitator now counts this account's nonces itself; a transaction it did not send makes its count stale.
    const other = createWalletClient({ account: settler, chain: chain.chain, transport: http(chain.rpcUrl) });
    await chain.publicClient.waitForTransactionReceipt({ hash: await other.sendTransaction({ to: PAYEE, value: 1n }) });
    expect(await facilitator.settle(second!, requirements)).toMatchObject({
      success: false,
      errorMessage: expect.stringMatching(/nonce/i),
    });
    // Re-read from the chain: the stale-nonce payment and a new one both settle, with no gap left behind.
    const [retried, next] = await Promise.all([
      facilitator.settle(second!, requirements),
      facilitator.settle(third!, requirements),
    ]);
    expect(retried).toMatchObject({ success: true });
    expect(next).toMatchObject({ success: true });
    // A nonce gap would stay queued for good; a transaction still being mined under load is pending for a moment.
    await expect
      .poll(() => chain.publicClient.request({ method: 'txpool_status' } as never), { timeout: 5_000 })
      .toEqual({ pending: '0x0', queued: '0x0' });
  });

  it('fails a settlement whose transaction is never mined after the receipt timeout, naming the transaction', async () => {
    const facilitator = facilitatorWith({ receiptTimeoutMs: 300 });
    const [payment] = await signedPayments(1);
    await withoutMining(chain, async () => {
      const started = performance.now();
      const settled = await within(5_000, facilitator.settle(payment!, requirements));
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(settled).toMatchObject({ success: false, errorReason: 'settlement_pending' });
      expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
      expect(settled.errorMessage).toContain(
        `settlement transaction ${settled.transaction} was sent but not mined within 300 ms`,
      );
    });
  });

  it('keeps the payment claimed when its settlement times out (outcome unknown), so it is never used twice', async () => {
    const db = await openTestDatabase();
    try {
      const processor = new PaymentProcessor(facilitatorWith({ receiptTimeoutMs: 300 }), db);
      const [payload] = await signedPayments(1);
      const payment = await processor.verify(payload!, [requirements], PROBE);
      const failure = await withoutMining(chain, () => processor.settle(payment).catch((error: unknown) => error));
      // Not a refusal: the transaction may still land, so the caller is told the outcome is unknown (no 402).
      expect(failure).not.toBeInstanceOf(SettlementFailed);
      expect(failure).toMatchObject({
        code: 'facilitator_unreachable',
        message: expect.stringMatching(/not confirmed in time/),
      });
      expect(await findPaymentClaim(db, paymentIdOf(payload!))).toMatchObject({ state: 'settling' });
      // The transaction was mined once the chain moved on: the payer paid, and the payment cannot pay again.
      await expect(processor.verify(payload!, [requirements], PROBE)).rejects.toThrow(PaymentRejected);
    } finally {
      await db.close();
    }
  });
});
