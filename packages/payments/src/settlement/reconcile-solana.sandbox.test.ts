import { startSandboxSolana, type SandboxSolana } from '@svc/sandbox';
import { type Db, findPaymentClaim, markSettling, recentCalls, recordSettlementBroadcast } from '@svc/store';
import { openTestDatabase } from '@svc/store/testing';
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type KeyPairSigner,
  partiallySignTransaction,
} from '@solana/kit';
import { x402Client } from '@x402/core/client';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettlementBroadcasts } from '../facilitator/broadcasts.js';
import { createLocalFacilitator } from '../facilitator/local.js';
import { signedPaymentOf } from '../payment-identity.js';
import { PaymentProcessor, type VerifiedPayment } from '../processor.js';
import { NETWORKS, PAYMENT_TOKENS } from '../tokens.js';
import { solanaAuthorizationLedger } from './chain-states.js';
import { reconcileSettlements } from './reconcile.js';

const PRICE = 1_000n;

// The SVM branches on the sandbox (LiteSVM) chain: the payer's transaction is completed and sent by our facilitator's
// fee payer, which records the transaction's signature on the claim first; reconciliation reads that signature's
// state on chain.
describe('reconciling interrupted Solana settlements on the sandbox chain', () => {
  let solana: SandboxSolana;
  let db: Db;
  let feePayer: KeyPairSigner;
  let processor: PaymentProcessor;
  let requirements: PaymentRequirements;
  const reconcile = () =>
    reconcileSettlements({
      db,
      ledgers: new Map([[NETWORKS.solana, solanaAuthorizationLedger(solana.rpcUrl, { landsOnSend: true })]]),
      log: { warn: () => undefined },
      olderThanMs: 0,
      abandonedAfterMs: 0,
      recheckMs: 0,
    });

  beforeAll(async () => {
    solana = await startSandboxSolana();
    db = await openTestDatabase();
    feePayer = await generateKeyPairSigner();
    await solana.airdrop(feePayer.address, 1_000_000_000n);
    const payTo = (await generateKeyPairSigner()).address;
    await solana.mintUsdc(payTo, 0n);
    requirements = {
      scheme: 'exact',
      network: NETWORKS.solana,
      asset: PAYMENT_TOKENS.SOL_USDC.asset,
      amount: PRICE.toString(),
      payTo,
      maxTimeoutSeconds: 300,
      extra: { feePayer: feePayer.address },
    };
    const broadcasts = new SettlementBroadcasts();
    broadcasts.listen((broadcast) => recordSettlementBroadcast(db, broadcast));
    processor = new PaymentProcessor(
      createLocalFacilitator({ broadcasts, svm: [{ network: NETWORKS.solana, rpcUrl: solana.rpcUrl, feePayer }] }),
      db,
    );
  });
  afterAll(async () => {
    await db?.close();
    await solana?.stop();
  });

  async function claimedPayment(): Promise<{ payload: PaymentPayload; payment: VerifiedPayment }> {
    const payer = await generateKeyPairSigner();
    await solana.mintUsdc(payer.address, PRICE);
    const client = new x402Client().register('solana:*', new ExactSvmScheme(payer, { rpcUrl: solana.rpcUrl }));
    const payload = await client.createPaymentPayload({
      x402Version: 2,
      resource: { url: 'http://127.0.0.1/t', description: 't', mimeType: 'application/json' },
      accepts: [requirements],
    });
    return {
      payload,
      payment: await processor.verify(payload, [requirements], { tool: 'probe', resourceUrl: 'http://127.0.0.1/t' }),
    };
  }
  const intendToSettle = (payment: VerifiedPayment) =>
    markSettling(db, payment.paymentId, { payer: payment.payer, token: 'SOL_USDC', amount: PRICE.toString() });

  it('landed: the signature recorded before the send gets its ledger row (settled_unanswered)', async () => {
    const { payment } = await claimedPayment();
    // The settlement lands, but the call stops before it records anything.
    const settled = await processor.settle(payment);
    expect(await findPaymentClaim(db, payment.paymentId)).toEqual({ state: 'settling', txHash: settled.transaction });
    expect(await reconcile()).toMatchObject({ settled: 1 });
    expect(await findPaymentClaim(db, payment.paymentId)).toEqual({ state: 'settled', txHash: settled.transaction });
    expect((await recentCalls(db, { tool: 'probe' }))[0]).toMatchObject({
      outcome: 'settled_unanswered',
      txHash: settled.transaction,
      payer: payment.payer,
      token: 'SOL_USDC',
    });
    expect(await solana.tokenBalance(payment.payer)).toBe(0n);
  });

  it('signed by the fee payer and recorded, never sent: released, nothing charged; without a signature: stays claimed', async () => {
    const unsent = await claimedPayment();
    await intendToSettle(unsent.payment);
    // What the facilitator records right before it sends (then the gateway stops).
    const wire = unsent.payload.payload['transaction'] as string;
    const signed = await partiallySignTransaction(
      [feePayer.keyPair],
      getTransactionDecoder().decode(getBase64Encoder().encode(wire)),
    );
    const txHash = getSignatureFromTransaction(signed);
    expect(getBase64EncodedWireTransaction(signed)).not.toBe(wire);
    const { authorizer, nonce } = signedPaymentOf(unsent.payload).authorization!;
    await recordSettlementBroadcast(db, { network: NETWORKS.solana, asset: null, authorizer, nonce, txHash });
    expect(await findPaymentClaim(db, unsent.payment.paymentId)).toEqual({ state: 'settling', txHash });

    const unrecorded = await claimedPayment();
    await intendToSettle(unrecorded.payment);
    expect(await reconcile()).toMatchObject({ settled: 0, released: 1, unfinished: 1 });
    expect(await findPaymentClaim(db, unsent.payment.paymentId)).toBeUndefined();
    expect(
      (await recentCalls(db, { tool: 'probe', limit: 100 })).find((row) => row.payer === unsent.payment.payer),
    ).toMatchObject({ outcome: 'settlement_expired', txHash: null });
    expect(await solana.tokenBalance(unsent.payment.payer)).toBe(PRICE);
    expect(await findPaymentClaim(db, unrecorded.payment.paymentId)).toMatchObject({ state: 'settling', txHash: null });
  });

  it('never settled (the gateway stopped between verify and settle): released, since only our fee payer could land it', async () => {
    const abandoned = await claimedPayment();
    expect(await reconcile()).toMatchObject({ released: 1 });
    expect(await findPaymentClaim(db, abandoned.payment.paymentId)).toBeUndefined();
    expect(
      (await recentCalls(db, { tool: 'probe', limit: 100 })).find((row) => row.payer === abandoned.payment.payer),
    ).toMatchObject({ outcome: 'claim_expired', txHash: null });
    expect(await solana.tokenBalance(abandoned.payment.payer)).toBe(PRICE);
  });
});
