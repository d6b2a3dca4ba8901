import {
  PaymentProcessor,
  PaymentRejected,
  type PaymentRequirementsBuilder,
  SettlementFailed,
  type VerifiedPayment,
} from '@svc/payments';
import { accountForWallet, creditBalance, type Db, recentCalls } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topUpCredit } from './topup.js';

const REQUIREMENTS = {
  scheme: 'exact',
  network: 'eip155:8453',
  asset: '0x0000000000000000000000000000000000000001',
  amount: '2500000',
  payTo: '0x0000000000000000000000000000000000000002',
  maxTimeoutSeconds: 60,
  extra: {},
} as PaymentRequirements;
const RECEIPT: SettleResponse = {
  success: true,
  transaction: '0xabc',
  network: 'eip155:8453',
  payer: '0x00000000000000000000000000000000000000aa',
};

/** A facilitator stand-in: verifies or rejects, then settles or refuses, recording what each settlement was told. */
class ScriptedProcessor {
  readonly intents: unknown[] = [];
  constructor(private readonly script: { reject?: string; settlement?: () => SettleResponse }) {}
  async verify(payload: PaymentPayload): Promise<VerifiedPayment> {
    if (this.script.reject) throw new PaymentRejected(this.script.reject);
    return { paymentId: `topup-${Math.random()}`, payload, requirements: REQUIREMENTS, payer: RECEIPT.payer! };
  }
  async settle(_payment: VerifiedPayment, intent: unknown): Promise<SettleResponse> {
    this.intents.push(intent);
    return (this.script.settlement ?? (() => RECEIPT))();
  }
  async release(): Promise<void> {}
}

describe.each(testBackends())('topUpCredit: the x402 charge step of paid calls, buying credit ($name)', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  const payments = {
    acceptableRequirements: async () => [REQUIREMENTS],
    paymentRequired: async (_r: unknown, _usd: string, error?: string) => ({
      body: { x402Version: 2, error, accepts: [REQUIREMENTS] },
    }),
  } as unknown as PaymentRequirementsBuilder;
  const payload = {
    x402Version: 2,
    accepted: REQUIREMENTS,
    payload: { signature: '0x01' },
  } as unknown as PaymentPayload;
  const resource = { url: 'http://test/api/account/credit/topup', description: 'Add 2.5 USD of account credit' };

  const topUp = async (script: ConstructorParameters<typeof ScriptedProcessor>[0]) => {
    const { accountId } = await accountForWallet(
      db,
      'eip155:8453',
      `0x${Math.random().toString(16).slice(2).padEnd(40, '0')}`,
    );
    const processor = new ScriptedProcessor(script);
    const outcome = await topUpCredit(
      {
        db,
        processor: processor as unknown as PaymentProcessor,
        payments,
        resource,
        paymentRequired: (error) => payments.paymentRequired(resource, '2.5', error),
      },
      { accountId, amountUsd: '2.5', payload },
    );
    return { accountId, processor, outcome, lastRow: (await recentCalls(db, { tool: 'credit_topup', limit: 1 }))[0] };
  };

  it('settles with the credit it buys recorded in its intent, then credits exactly that amount with its settled ledger row', async () => {
    const { accountId, processor, outcome, lastRow } = await topUp({});
    expect(outcome).toEqual({
      status: 200,
      accountId,
      creditedUsd: '2.5',
      balanceUsd: '2.5',
      payer: RECEIPT.payer,
      settlement: RECEIPT,
    });
    expect(processor.intents).toEqual([{ accountId, creditAmount: 2_500_000n }]);
    expect(await creditBalance(db, accountId)).toBe(2_500_000n);
    expect(lastRow).toMatchObject({ accountId, outcome: 'settled', txHash: RECEIPT.transaction });
  });

  it('a refused settlement answers 402 with its receipt and credits nothing', async () => {
    const refused = {
      success: false,
      errorReason: 'insufficient_funds',
      transaction: '',
      network: 'eip155:8453',
    } as SettleResponse;
    const { accountId, outcome, lastRow } = await topUp({
      settlement: () => {
        throw new SettlementFailed(refused);
      },
    });
    expect(outcome).toMatchObject({
      status: 402,
      paymentRequired: { body: { error: 'insufficient_funds' } },
      settlement: refused,
    });
    expect(await creditBalance(db, accountId)).toBe(0n);
    expect(lastRow).toMatchObject({ accountId, outcome: 'settlement_failed' });
  });

  it('a rejected payment answers 402 naming why, is never settled, and credits nothing', async () => {
    const { accountId, processor, outcome, lastRow } = await topUp({ reject: 'payment_already_used: sign a new one' });
    expect(outcome).toMatchObject({
      status: 402,
      paymentRequired: { body: { error: 'payment_already_used: sign a new one' } },
    });
    expect(processor.intents).toEqual([]);
    expect(await creditBalance(db, accountId)).toBe(0n);
    expect(lastRow).toMatchObject({ accountId, outcome: 'payment_rejected: payment_already_used' });
  });
});
