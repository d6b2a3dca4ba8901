import { anvilDevAccount, type SandboxEvmChain, startSandboxEvmChain } from '@svc/sandbox';
import { type Db, findPaymentClaim, markSettling, recentCalls } from '@svc/store';
import { openTestDatabase } from '@svc/store/testing';
import type { PaymentPayload } from '@x402/core/types';
import { createTestClient, erc20Abi, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettlementBroadcasts } from '../facilitator/broadcasts.js';
import { createLocalFacilitator } from '../facilitator/local.js';
import { paymentIdOf } from '../payment-identity.js';
import { PaymentProcessor, PaymentRejected, type VerifiedPayment } from '../processor.js';
import {
  BASE_USDC_REQUIREMENTS as requirements,
  landAuthorization,
  PRICE,
  signedBaseUsdcPayments,
} from '../testing.js';
import { NETWORKS } from '../tokens.js';
import { evmAuthorizationLedger } from './chain-states.js';
import { reconcileSettlements } from './reconcile.js';
import { recordSettlementBroadcast } from '@svc/store';

const PROBE = { tool: 'probe', resourceUrl: 'http://127.0.0.1/t' };

// Each branch of reconciliation against a real chain: real EIP-3009 authorizations signed by the official client,
// verified and claimed by the processor, and the claim left 'settling' as a gateway stopped mid-settlement leaves it.
describe('reconciling interrupted settlements by the authorization state on chain', () => {
  let chain: SandboxEvmChain;
  let db: Db;
  let processor: PaymentProcessor;
  const silent = { warn: () => undefined };
  const reconcile = () =>
    reconcileSettlements({
      db,
      ledgers: new Map([[NETWORKS.base, evmAuthorizationLedger(chain.rpcUrl)]]),
      log: silent,
      olderThanMs: 0,
      abandonedAfterMs: 0,
      recheckMs: 0,
    });

  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
    db = await openTestDatabase();
    const broadcasts = new SettlementBroadcasts();
    broadcasts.listen((broadcast) => recordSettlementBroadcast(db, broadcast));
    const facilitator = createLocalFacilitator({
      broadcasts,
      evm: [{ network: NETWORKS.base, rpcUrl: chain.rpcUrl, settlers: [anvilDevAccount(2)] }],
    });
    processor = new PaymentProcessor(facilitator, db);
  });
  afterAll(async () => {
    await db?.close();
    await chain?.stop();
  });

  async function claimedPayment(): Promise<{ payload: PaymentPayload; payment: VerifiedPayment }> {
    const [payload] = await signedBaseUsdcPayments(chain, PROBE.resourceUrl);
    return { payload: payload!, payment: await processor.verify(payload!, [requirements], PROBE) };
  }
  /** What the gateway records right before it asks the facilitator to settle (then it "stops"). */
  const intendToSettle = (payment: VerifiedPayment) =>
    markSettling(db, payment.paymentId, {
      payer: payment.payer,
      token: 'BASE_USDC',
      amount: PRICE.toString(),
      accountId: 'acct-1',
    });
  const ledgerRowsOf = async (payer: string) =>
    (await recentCalls(db, { tool: PROBE.tool, limit: 100 })).filter(
      (row) => row.payer?.toLowerCase() === payer.toLowerCase(),
    );

  it('used on chain: writes the ledger row (settled_unanswered, with the broadcast hash) and settles the claim, once across instances', async () => {
    const { payment } = await claimedPayment();
    // The settlement lands, but the call stops before it records anything (its gateway died after the receipt).
    const settled = await processor.settle(payment, { accountId: 'acct-1' });
    expect(await findPaymentClaim(db, payment.paymentId)).toEqual({ state: 'settling', txHash: settled.transaction });
    // Two instances reconcile at the same moment: the claim's lease lets only one of them act.
    const reports = await Promise.all([reconcile(), reconcile()]);
    expect(reports.reduce((sum, report) => sum + report.settled, 0)).toBe(1);
    expect(await findPaymentClaim(db, payment.paymentId)).toEqual({ state: 'settled', txHash: settled.transaction });
    const rows = await ledgerRowsOf(payment.payer);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: 'settled_unanswered',
      txHash: settled.transaction,
      accountId: 'acct-1',
      token: 'BASE_USDC',
      amount: PRICE.toString(),
    });
    await expect(reconcile()).resolves.toMatchObject({ settled: 0 });
  });

  it('unused and still valid: stays claimed, writes nothing, and the payment is never accepted again', async () => {
    const { payload, payment } = await claimedPayment();
    await intendToSettle(payment);
    expect(await reconcile()).toMatchObject({ settled: 0, released: 0, unfinished: 1 });
    expect(await findPaymentClaim(db, payment.paymentId)).toMatchObject({ state: 'settling' });
    expect(await ledgerRowsOf(payment.payer)).toEqual([]);
    await expect(processor.verify(payload, [requirements], PROBE)).rejects.toThrow(PaymentRejected);
  });

  /** Claimed and never settled: its gateway stopped between verify and settle. */
  let abandoned: { payload: PaymentPayload; payment: VerifiedPayment };

  it('never settled by us but landed by someone holding the authorization: settled and recorded as such', async () => {
    abandoned = await claimedPayment();
    const landedByOther = await claimedPayment();
    await landAuthorization(chain, landedByOther.payload, anvilDevAccount(5));
    expect(await reconcile()).toMatchObject({ settled: 1, released: 0 });
    expect(await findPaymentClaim(db, landedByOther.payment.paymentId)).toEqual({ state: 'settled', txHash: null });
    expect(await ledgerRowsOf(landedByOther.payment.payer)).toMatchObject([
      { outcome: 'settled_by_another_party', httpStatus: 0 },
    ]);
    // Unused and still valid: stays claimed.
    expect(await findPaymentClaim(db, abandoned.payment.paymentId)).toMatchObject({ state: 'claimed' });
    expect(await ledgerRowsOf(abandoned.payment.payer)).toEqual([]);
  });

  it('unused and past validBefore: released, with a settlement_expired ledger row; nothing was charged', async () => {
    const { payload, payment } = await claimedPayment();
    await intendToSettle(payment);
    const anvil = createTestClient({ chain: chain.chain, transport: http(chain.rpcUrl), mode: 'anvil' });
    await anvil.increaseTime({ seconds: requirements.maxTimeoutSeconds + 60 });
    await anvil.mine({ blocks: 1 });
    const report = await reconcile();
    expect(report.released).toBeGreaterThanOrEqual(1);
    expect(await findPaymentClaim(db, paymentIdOf(payload))).toBeUndefined();
    expect(await ledgerRowsOf(payment.payer)).toMatchObject([
      { outcome: 'settlement_expired', httpStatus: 402, txHash: null },
    ]);
    expect(
      await chain.publicClient.readContract({
        address: chain.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [payment.payer as `0x${string}`],
      }),
    ).toBe(PRICE);
    // The claim never settled expired too: released, nothing charged.
    expect(await findPaymentClaim(db, abandoned.payment.paymentId)).toBeUndefined();
    expect(await ledgerRowsOf(abandoned.payment.payer)).toMatchObject([
      { outcome: 'claim_expired', httpStatus: 402, txHash: null },
    ]);
  });
});
