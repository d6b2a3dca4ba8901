import { makeSTXTokenTransfer, privateKeyToAddress } from '@stacks/transactions';
import { StacksSandboxLedger } from '@svc/sandbox';
import { type Db, findPaymentClaim, markSettling, recentCalls } from '@svc/store';
import { openTestDatabase } from '@svc/store/testing';
import { x402Client } from '@x402/core/client';
import { x402Facilitator } from '@x402/core/facilitator';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SupportedResponse } from '@x402/core/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedPaymentOf } from '../payment-identity.js';
import { PaymentProcessor, type VerifiedPayment } from '../processor.js';
import { ExactStacksClientScheme } from '../schemes/stacks/client.js';
import { registerExactStacksScheme } from '../schemes/stacks/facilitator.js';
import { stacksTransactionCodec } from '../schemes/stacks/post-conditions.js';
import { stacksAuthorizationLedger } from './chain-states.js';
import { reconcileSettlements } from './reconcile.js';

const PAYER_KEY = 'a096d31c7aa41db28401d4e24859bc4c378d28ed34af9e3f7fcb6da167154af701';
const PAYER = privateKeyToAddress(PAYER_KEY, 'mainnet');
const requirements: PaymentRequirements = {
  scheme: 'exact',
  network: 'stacks:1',
  asset: 'slip44:5757',
  amount: '1847',
  payTo: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
  maxTimeoutSeconds: 300,
  extra: { tokenType: 'native' },
};

// The Stacks branches: the payer's signed transaction is used once applied, and can never be once the payer's account
// nonce has moved past it.
describe('reconciling interrupted Stacks settlements on the sandbox ledger', () => {
  let db: Db;
  let ledger: StacksSandboxLedger;
  let processor: PaymentProcessor;
  let client: x402Client;
  const reconcile = () =>
    reconcileSettlements({
      db,
      ledgers: new Map([['stacks:1', stacksAuthorizationLedger(ledger)]]),
      log: { warn: () => undefined },
      olderThanMs: 0,
      recheckMs: 0,
    });

  beforeAll(async () => {
    db = await openTestDatabase();
    ledger = new StacksSandboxLedger({ codec: stacksTransactionCodec });
    ledger.credit(PAYER, 'STX', 5_000_000n);
    const facilitator = registerExactStacksScheme(new x402Facilitator(), { target: ledger });
    const facilitatorClient: FacilitatorClient = {
      verify: (payload, required) => facilitator.verify(payload, required),
      settle: (payload, required) => facilitator.settle(payload, required),
      getSupported: async () => facilitator.getSupported() as SupportedResponse,
    };
    processor = new PaymentProcessor(facilitatorClient, db);
    client = new x402Client()
      .register(
        'stacks:*',
        new ExactStacksClientScheme({ privateKey: PAYER_KEY, nonce: (address) => ledger.nextNonce(address) }),
      )
      .setSpendControls({ allowedAssets: [{ network: 'stacks:1', asset: 'slip44:5757' }] });
  });
  afterAll(() => db?.close());

  async function settlingPayment(): Promise<{ payload: PaymentPayload; payment: VerifiedPayment }> {
    const payload = await client.createPaymentPayload({
      x402Version: 2,
      resource: { url: 'http://127.0.0.1/t', description: 't', mimeType: 'application/json' },
      accepts: [requirements],
    });
    const payment = await processor.verify(payload, [requirements], {
      tool: 'probe',
      resourceUrl: 'http://127.0.0.1/t',
    });
    await markSettling(db, payment.paymentId, { payer: payment.payer, token: 'STX', amount: requirements.amount });
    return { payload, payment };
  }

  it('applied on the ledger: settled_unanswered with its txid; pending: stays claimed; nonce taken by another: released', async () => {
    const used = await settlingPayment();
    const { txid } = await ledger.submit(used.payload.payload['transaction'] as string);
    expect(signedPaymentOf(used.payload).authorization).toMatchObject({ authorizer: PAYER, txHash: txid });
    expect(await reconcile()).toMatchObject({ settled: 1 });
    expect(await findPaymentClaim(db, used.payment.paymentId)).toEqual({ state: 'settled', txHash: txid });
    expect((await recentCalls(db, { tool: 'probe' }))[0]).toMatchObject({
      outcome: 'settled_unanswered',
      txHash: txid,
      payer: PAYER,
    });

    const pending = await settlingPayment();
    expect(await reconcile()).toMatchObject({ settled: 0, released: 0, unfinished: 1 });
    expect(await findPaymentClaim(db, pending.payment.paymentId)).toMatchObject({ state: 'settling' });

    // The payer spends the same nonce on another transaction: the claimed one can never land.
    const other = await makeSTXTokenTransfer({
      recipient: requirements.payTo,
      amount: 1n,
      senderKey: PAYER_KEY,
      network: 'mainnet',
      nonce: ledger.nextNonce(PAYER),
      fee: 200n,
    });
    await ledger.submit(other.serialize());
    expect(await reconcile()).toMatchObject({ released: 1 });
    expect(await findPaymentClaim(db, pending.payment.paymentId)).toBeUndefined();
    expect((await recentCalls(db, { tool: 'probe' }))[0]).toMatchObject({
      outcome: 'settlement_expired',
      payer: PAYER,
    });
  });
});
