import { anvilDevAccount, type SandboxEvmChain, startSandboxEvmChain } from '@svc/sandbox';
import { type Db, findPaymentClaim, recentCalls, recordSettlementBroadcast } from '@svc/store';
import { openTestDatabase } from '@svc/store/testing';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  type Hash,
  type Hex,
  parseAbi,
  toEventSelector,
  toFunctionSelector,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { paymentIdOf } from '../payment-identity.js';
import { PaymentProcessor, SettlementFailed } from '../processor.js';
import { evmAuthorizationLedger } from '../settlement/chain-states.js';
import { reconcileSettlements } from '../settlement/reconcile.js';
import { settlementGasPerPayment } from '../settlement/settlement-gas.js';
import {
  BASE_USDC_REQUIREMENTS as requirements,
  landAuthorization,
  PAYEE,
  PRICE,
  signedBaseUsdcPayments,
  within,
  withoutMining,
} from '../testing.js';
import { NETWORKS } from '../tokens.js';
import { SettlementBroadcasts } from './broadcasts.js';
import { createLocalFacilitator, type LocalEvmSettlement } from './local.js';
import { MULTICALL3_ADDRESS } from './multicall3.js';

const PROBE = { tool: 'probe', resourceUrl: 'http://127.0.0.1/group-commit' };
const EIP3009_ABI = parseAbi(['function authorizationState(address authorizer, bytes32 nonce) view returns (bool)']);
const TRANSFER_WITH_AUTHORIZATION = toFunctionSelector(
  'transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)',
);
const AUTHORIZATION_USED = toEventSelector('AuthorizationUsed(address,bytes32)');
const AGGREGATE3 = parseAbi(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls)']);
const carriedCalls = (input: Hex) => decodeFunctionData({ abi: AGGREGATE3, data: input }).args[0].length;
/** Long enough for settlements started together to reach the batch queue (their re-verification reads the chain). */
const ARRIVAL_MS = 1_000;

type Eip3009Payload = { authorization: Record<string, string>; signature: Hex };
const authorizationOf = (payload: PaymentPayload) => (payload.payload as Eip3009Payload).authorization;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Group commit on a real chain: real EIP-3009 authorizations signed by the official client, settled through the
// in-process facilitator, every outcome checked on chain. Settlements are held behind one in flight by pausing the
// chain's mining: the first transaction stays pending while the next payments arrive.
describe('group commit of exact EVM settlements', () => {
  let chain: SandboxEvmChain;
  let db: Db;
  const settler = anvilDevAccount(8);

  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
    await chain?.stop();
  });

  const facilitatorWith = (options: Partial<LocalEvmSettlement> = {}) =>
    createLocalFacilitator({
      evm: [{ network: NETWORKS.base, rpcUrl: chain.rpcUrl, settlers: [settler], ...options }],
    });
  const signedPayments = (count: number, funded?: bigint) =>
    signedBaseUsdcPayments(chain, PROBE.resourceUrl, count, funded);
  const settlerNonce = () => chain.publicClient.getTransactionCount({ address: settler.address, blockTag: 'pending' });
  const usdcOf = (address: string) =>
    chain.publicClient.readContract({
      address: chain.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Address],
    });
  const used = (payload: PaymentPayload) => {
    const { from, nonce } = authorizationOf(payload);
    return chain.publicClient.readContract({
      address: chain.usdc,
      abi: EIP3009_ABI,
      functionName: 'authorizationState',
      args: [from as Address, nonce as Hex],
    });
  };
  /**
   * Starts `first` and waits until its transaction is pending (in flight), then starts `next` while it is: they queue
   * behind it. Mining resumes once they had time to arrive; returns every outcome.
   */
  async function heldBehindOne<T>(first: () => Promise<T>, next: readonly (() => Promise<T>)[]): Promise<T[]> {
    const started = await withoutMining(chain, async () => {
      const blocker = first();
      await expect
        .poll(async () => (await chain.publicClient.request({ method: 'txpool_status' } as never)) as object, {
          timeout: 5_000,
        })
        .toMatchObject({ pending: '0x1' });
      const queued = next.map((settle) => settle());
      await sleep(ARRIVAL_MS);
      return [blocker, ...queued];
    });
    return within(20_000, Promise.all(started));
  }

  it('a batch of one goes at once, as the token call itself', async () => {
    const facilitator = facilitatorWith();
    const [payment] = await signedPayments(1);
    // With mining paused, the payment's transaction reaches the pool with no other payment and no timer to wait for.
    const { settling } = await withoutMining(chain, async () => {
      const settle = facilitator.settle(payment!, requirements);
      await expect
        .poll(async () => (await chain.publicClient.request({ method: 'txpool_status' } as never)) as object, {
          timeout: 5_000,
        })
        .toMatchObject({ pending: '0x1' });
      // Wrapped: returning the promise itself would keep mining paused until it settled.
      return { settling: settle };
    });
    const settled = await within(10_000, settling);
    expect(settled).toMatchObject({ success: true });
    const transaction = await chain.publicClient.getTransaction({ hash: settled.transaction as Hash });
    expect(transaction.to?.toLowerCase()).toBe(chain.usdc.toLowerCase());
    expect(transaction.input.startsWith(TRANSFER_WITH_AUTHORIZATION)).toBe(true);
    expect(await used(payment!)).toBe(true);
  });

  it('a batch of one that would fail is refused by the gas estimate: nothing is sent', async () => {
    const facilitator = facilitatorWith();
    const [payment] = await signedPayments(1);
    await landAuthorization(chain, payment!, anvilDevAccount(9));
    const nonceBefore = await settlerNonce();
    const settled = await within(10_000, facilitator.settle(payment!, requirements));
    expect(settled).toMatchObject({ success: false, transaction: '' });
    expect(await settlerNonce()).toBe(nonceBefore);
  });

  it('payments arriving while one settlement is in flight settle together in fewer transactions, each once', async () => {
    const facilitator = facilitatorWith();
    const payments = await signedPayments(9);
    const [balanceBefore, nonceBefore] = await Promise.all([usdcOf(PAYEE), settlerNonce()]);
    const settled = await heldBehindOne(
      () => facilitator.settle(payments[0]!, requirements),
      payments.slice(1).map((payment) => () => facilitator.settle(payment, requirements)),
    );
    expect(settled.filter((s) => !s.success)).toEqual([]);
    const transactions = new Set(settled.map((s) => s.transaction));
    // The first went alone; the eight that arrived behind it went together (a straggler may make one more).
    expect(transactions.size).toBeGreaterThanOrEqual(2);
    expect(transactions.size).toBeLessThanOrEqual(3);
    expect(await settlerNonce()).toBe(nonceBefore + transactions.size);
    const batch = await chain.publicClient.getTransaction({ hash: settled[1]!.transaction as Hash });
    expect(batch.to?.toLowerCase()).toBe(MULTICALL3_ADDRESS.toLowerCase());
    // Each payment exactly once: every authorization used, the payee paid once per payment, and each payment's
    // transaction is one that carried it (its own AuthorizationUsed event is in that receipt).
    expect(await Promise.all(payments.map(used))).toEqual(payments.map(() => true));
    expect(await usdcOf(PAYEE)).toBe(balanceBefore + PRICE * BigInt(payments.length));
    await Promise.all(
      settled.map(async (s, i) => {
        const receipt = await chain.publicClient.getTransactionReceipt({ hash: s.transaction as Hash });
        const nonce = authorizationOf(payments[i]!)['nonce']!.toLowerCase();
        expect(receipt.logs.some((log) => log.topics[2]?.toLowerCase() === nonce)).toBe(true);
      }),
    );
  }, 60_000);

  it('authorizations that would fail in a batch fail alone before it is sent: the others are settled, each checked on chain', async () => {
    const processor = new PaymentProcessor(facilitatorWith(), db);
    const [blocker, ...good] = await signedPayments(4);
    // Two payments of one payer funded for one: each is valid alone, the second to run finds no balance left.
    const pair = await signedPayments(2, PRICE);
    // Landed by someone else before we settle it: its nonce is used.
    const [landed] = await signedPayments(1);
    // A payer with no funds at all: the lean verify does not read balances.
    const [unfunded] = await signedPayments(1, 0n);
    const verified = await Promise.all(
      [blocker!, ...good, ...pair, landed!, unfunded!].map((payload) =>
        processor.verify(payload, [requirements], PROBE),
      ),
    );
    await landAuthorization(chain, landed!, anvilDevAccount(9));
    const payeeBefore = await usdcOf(PAYEE);
    const pairPayer = authorizationOf(pair[0]!)['from']!;
    const outcome = (index: number) => () =>
      processor.settle(verified[index]!).catch((error: unknown) => {
        if (error instanceof SettlementFailed) return error.response;
        throw error;
      });
    const [blockerOutcome, goodA, goodB, goodC, pairA, pairB, landedOutcome, unfundedOutcome] = (await heldBehindOne(
      outcome(0),
      [1, 2, 3, 4, 5, 6, 7].map(outcome),
    )) as SettleResponse[];
    for (const settled of [goodA, goodB, goodC]) expect(settled).toMatchObject({ success: true });
    // The pair moved the same amount between the same accounts: only its own authorization's event tells which one
    // was settled. The bad ones are refused settlements (402, PAYMENT-RESPONSE success: false) with no transaction:
    // the batch was simulated first and they were left out of it, so the settler paid no gas for them.
    const pairOutcomes = [pairA!, pairB!];
    expect(pairOutcomes.filter((s) => s.success)).toHaveLength(1);
    const broke = pairOutcomes.find((s) => !s.success)!;
    for (const refused of [broke, landedOutcome!, unfundedOutcome!])
      expect(refused).toMatchObject({ success: false, transaction: '' });
    // Every transaction after the blocker carries only transfers that took effect: one AuthorizationUsed per call.
    const settledHashes = new Set(
      [goodA, goodB, goodC, ...pairOutcomes].filter((s) => s!.success).map((s) => s!.transaction as Hash),
    );
    settledHashes.delete(blockerOutcome!.transaction as Hash);
    let calls = 0;
    let events = 0;
    for (const hash of settledHashes) {
      const [transaction, receipt] = await Promise.all([
        chain.publicClient.getTransaction({ hash }),
        chain.publicClient.getTransactionReceipt({ hash }),
      ]);
      calls += transaction.to?.toLowerCase() === MULTICALL3_ADDRESS.toLowerCase() ? carriedCalls(transaction.input) : 1;
      events += receipt.logs.filter((log) => log.topics[0] === AUTHORIZATION_USED).length;
    }
    expect({ calls, events }).toEqual({ calls: 4, events: 4 });
    // On chain: the good authorizations and the settled one of the pair used, the other unused (it may be retried
    // once its payer is funded); the payee paid for the blocker, the three good ones and one of the pair only.
    expect(await Promise.all(good.map((payload) => used(payload!)))).toEqual([true, true, true]);
    expect(await Promise.all(pair.map(used))).toEqual(pairOutcomes.map((s) => s.success));
    expect(await usdcOf(pairPayer)).toBe(0n);
    expect(await used(unfunded!)).toBe(false);
    expect(await usdcOf(PAYEE)).toBe(payeeBefore + PRICE * 5n);
  }, 60_000);

  it('a process stopped between a batch broadcast and its receipt leaves every payment claimed, and reconciliation settles each', async () => {
    // A database of its own: the other tests leave their settled claims unrecorded (no call records them here).
    const db = await openTestDatabase();
    onTestFinished(() => db.close());
    const broadcasts = new SettlementBroadcasts();
    broadcasts.listen((broadcast) => recordSettlementBroadcast(db, broadcast));
    // The receipt wait ends long before the chain mines: what a process stopped after the broadcast leaves behind.
    const processor = new PaymentProcessor(
      createLocalFacilitator({
        broadcasts,
        evm: [{ network: NETWORKS.base, rpcUrl: chain.rpcUrl, settlers: [settler], receiptTimeoutMs: 300 }],
      }),
      db,
    );
    const payloads = await signedPayments(5);
    const payments = await Promise.all(payloads.map((payload) => processor.verify(payload, [requirements], PROBE)));
    const failures = await withoutMining(chain, () =>
      within(
        10_000,
        Promise.all(payments.map((payment) => processor.settle(payment, { accountId: 'acct-gc' }).catch((e) => e))),
      ),
    );
    for (const failure of failures)
      expect(failure).toMatchObject({
        code: 'facilitator_unreachable',
        message: expect.stringMatching(/not confirmed/),
      });
    // Each claim names the transaction that carries it, recorded before that transaction was broadcast.
    const claims = await Promise.all(payloads.map((payload) => findPaymentClaim(db, paymentIdOf(payload))));
    expect(claims.map((claim) => claim?.state)).toEqual(payloads.map(() => 'settling'));
    const hashes = claims.map((claim) => claim!.txHash);
    expect(hashes.every((hash) => /^0x[0-9a-f]{64}$/.test(hash ?? ''))).toBe(true);
    expect(new Set(hashes).size).toBeLessThan(payloads.length);
    // A fresh process over the same database: reconciliation finds every authorization used on chain.
    const report = await reconcileSettlements({
      db,
      ledgers: new Map([[NETWORKS.base, evmAuthorizationLedger(chain.rpcUrl)]]),
      log: { warn: () => undefined },
      olderThanMs: 0,
    });
    expect(report.settled).toBe(payloads.length);
    expect(await Promise.all(payloads.map(used))).toEqual(payloads.map(() => true));
    const settledClaims = await Promise.all(payloads.map((payload) => findPaymentClaim(db, paymentIdOf(payload))));
    expect(settledClaims).toEqual(hashes.map((txHash) => ({ state: 'settled', txHash })));
    const payer = authorizationOf(payloads[0]!)['from']!.toLowerCase();
    const rows = (await recentCalls(db, { tool: PROBE.tool, limit: 100 })).filter(
      (row) => row.payer?.toLowerCase() === payer,
    );
    expect(rows.map((row) => row.outcome)).toEqual(payloads.map(() => 'settled_unanswered'));
    expect(rows.map((row) => row.txHash).sort()).toEqual([...hashes].sort());
  }, 90_000);

  it('gas per settled payment: one by one and batched under load', async () => {
    const load = 32;
    const settleAll = async (options: Partial<LocalEvmSettlement>) => {
      const facilitator = facilitatorWith(options);
      const payments = await signedPayments(load);
      const settled = await within(
        20_000,
        Promise.all(payments.map((payment) => facilitator.settle(payment, requirements))),
      );
      expect(settled.filter((s) => !s.success)).toEqual([]);
      return settlementGasPerPayment(
        chain.publicClient,
        settled.map((s) => s.transaction as Hash),
      );
    };
    const oneByOne = await settleAll({ maxBatchSize: 1 });
    const batched = await settleAll({});
    console.info(
      `gas per settled payment at ${load} concurrent: one by one ${oneByOne.gasPerPayment} ` +
        `(${oneByOne.transactions} transactions), batched ${batched.gasPerPayment} (${batched.transactions} transactions)`,
    );
    expect(oneByOne.transactions).toBe(load);
    expect(batched.transactions).toBeLessThan(load);
    expect(batched.gasPerPayment).toBeLessThan(oneByOne.gasPerPayment);
  }, 60_000);
});
