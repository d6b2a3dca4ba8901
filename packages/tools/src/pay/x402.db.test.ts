import { findTool, ServiceError, toProblem } from '@svc/contracts';
import {
  PaymentProcessor,
  type PaymentRequirementsBuilder,
  SettlementFailed,
  type VerifiedPayment,
} from '@svc/payments';
import { accountForWallet, creditBalance, creditEntries, type Db, recentCalls, recordRefundedCall } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidCall } from './paid-call.js';
import { payWithX402 } from './x402.js';

const REQUIREMENTS = {
  scheme: 'exact',
  network: 'eip155:8453',
  asset: '0x0000000000000000000000000000000000000001',
  amount: '1000',
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

/** A facilitator stand-in that records the order of verify, settle and release among the handler's own steps. */
class RecordingProcessor {
  onVerified: (paymentId: string) => void = () => undefined;
  constructor(
    private readonly steps: string[],
    private readonly settlement: () => SettleResponse,
    private readonly payer = RECEIPT.payer!,
  ) {}
  async verify(payload: PaymentPayload): Promise<VerifiedPayment> {
    this.steps.push('verify');
    const paymentId = `payment-${this.steps.length}-${Math.random()}`;
    this.onVerified(paymentId);
    return { paymentId, payload, requirements: REQUIREMENTS, payer: this.payer };
  }
  async settle(): Promise<SettleResponse> {
    this.steps.push('settle');
    return this.settlement();
  }
  async release(): Promise<void> {
    this.steps.push('release');
  }
}

describe.each(testBackends())('payWithX402: when a call is charged ($name)', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  const pay = (
    tool: string,
    handler: (commit?: () => Promise<void>) => Promise<Record<string, unknown>>,
    options: {
      settlement?: () => SettleResponse;
      caller?: { accountId: string };
      idempotencyKey?: string;
      payload?: PaymentPayload;
      payer?: string;
    } = {},
  ) => {
    const steps: string[] = [];
    const recording = new RecordingProcessor(steps, options.settlement ?? (() => RECEIPT), options.payer);
    const processor = recording as unknown as PaymentProcessor;
    const payments = {
      acceptableRequirements: async () => [REQUIREMENTS],
      paymentRequired: async (_r: unknown, _usd: string, error?: string) => ({
        x402Version: 2,
        error,
        accepts: [REQUIREMENTS],
      }),
    } as unknown as PaymentRequirementsBuilder;
    const paid: PaidCall = {
      db,
      tool: findTool(tool)!,
      usd: '0.001',
      caller: options.caller,
      call: { tool, inputHash: '' },
      idempotencyKey: options.idempotencyKey,
      settlement: findTool(tool)!.settlement,
      execute: (commit) => {
        steps.push('run');
        return handler(commit).then((body) => (steps.push('done'), body));
      },
      paymentRequired: (error) => payments.paymentRequired({ url: '', description: '' }, '0.001', error),
    };
    const payload =
      options.payload ??
      ({
        x402Version: 2,
        accepted: REQUIREMENTS,
        payload: { signature: `0x${Math.random().toString(16).slice(2)}` },
      } as unknown as PaymentPayload);
    const paymentId = new Promise<string>((resolve) => (recording.onVerified = resolve));
    return {
      steps,
      paymentId,
      outcome: payWithX402(paid, {
        payload,
        processor,
        payments,
        resource: { url: 'http://test/tool', description: '' },
      }),
    };
  };
  const lastOutcome = async (tool: string) => (await recentCalls(db, { tool, limit: 1 }))[0]?.outcome;

  it('a write tool with a commit point settles there: checks before it run unpaid, effects after it are paid', async () => {
    const effects: string[] = [];
    const { steps, outcome } = pay('ethNativeSend', async (commit) => {
      effects.push('checked');
      await commit!();
      effects.push('broadcast');
      return { txHash: '0x1' };
    });
    expect(await outcome).toMatchObject({ status: 200, body: { txHash: '0x1' } });
    expect(steps).toEqual(['verify', 'run', 'settle', 'done']);
    expect(effects).toEqual(['checked', 'broadcast']);
    expect(await lastOutcome('ethNativeSend')).toBe('settled');
  });

  it('a write tool refused before its commit point is not charged: the payment is released and the error thrown', async () => {
    const refusal = new ServiceError('invalid_input', 'amount: the vault holds 0', {
      issues: [{ field: 'amount', rule: 'insufficient_funds', message: 'amount: the vault holds 0' }],
    });
    const { steps, outcome } = pay('ethNativeSend', async () => {
      throw refusal;
    });
    await expect(outcome).rejects.toBe(refusal);
    expect(steps).toEqual(['verify', 'run', 'release']);
    expect(await lastOutcome('ethNativeSend')).toBe('failed_not_charged');
  });

  it('a settlement refused at the commit point stops the handler before its effect and answers 402', async () => {
    const effects: string[] = [];
    const { steps, outcome } = pay(
      'ethNativeSend',
      async (commit) => {
        await commit!();
        effects.push('broadcast');
        return {};
      },
      {
        settlement: () => {
          throw new SettlementFailed({
            success: false,
            errorReason: 'insufficient_funds',
            transaction: '',
            network: 'eip155:8453',
          });
        },
      },
    );
    expect(await outcome).toMatchObject({
      status: 402,
      paymentRequired: { error: 'insufficient_funds' },
      settlement: { success: false, errorReason: 'insufficient_funds' },
    });
    expect(effects).toEqual([]);
    expect(steps).toEqual(['verify', 'run', 'settle']);
    expect(await lastOutcome('ethNativeSend')).toBe('settlement_failed');
  });

  it('a write tool that fails after its commit point was charged, says so, and its price is credited to the payer once', async () => {
    const { outcome, paymentId } = pay('ethNativeSend', async (commit) => {
      await commit!();
      throw new ServiceError('upstream_error', 'reverted', { extra: { txHash: '0x1' } });
    });
    const failed = await outcome;
    expect(failed).toMatchObject({ status: 'failed_after_settlement', settlement: RECEIPT });
    expect(await lastOutcome('ethNativeSend')).toBe('failed_after_settlement');
    // No caller signed in: the paying wallet's account gets the credit (the account its first sign-in would find).
    const { accountId } = await accountForWallet(db, 'eip155:8453', RECEIPT.payer!);
    const problem = toProblem((failed as { error: unknown }).error);
    expect(problem).toMatchObject({
      code: 'upstream_error',
      txHash: '0x1',
      refund: { creditedUsd: '0.001', accountId, balanceUsd: '0.001', where: '/api/account/credit' },
    });
    expect(problem.detail).toMatch(
      /^reverted Its price, 0\.001 USD, was credited to the credit of account acct_\w+ of the paying wallet/,
    );
    expect(await creditBalance(db, accountId)).toBe(1_000n);
    const [entry] = await creditEntries(db, accountId);
    const [call] = await recentCalls(db, { tool: 'ethNativeSend', limit: 1 });
    expect(entry).toMatchObject({
      kind: 'call_refund',
      amount: 1_000n,
      tool: 'ethNativeSend',
      reference: await paymentId,
      callId: call!.id,
    });

    // The payment is credited once, however often its refund is attempted.
    const again = await recordRefundedCall(db, {
      paymentId: await paymentId,
      call: { ...call!, txHash: '0xabc' },
      recipient: { accountId },
      amount: 1_000n,
      note: '',
    });
    expect(again).toMatchObject({ credited: false, balance: 1_000n });
    expect(await creditEntries(db, accountId)).toHaveLength(1);
  });

  it('a signed-in caller gets the refund of its failed call in its own account, whatever the failure', async () => {
    const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000bb');
    const { outcome } = pay(
      'svcMintVault',
      async () => {
        throw new Error('database connection lost');
      },
      { caller: { accountId } },
    );
    const problem = toProblem(((await outcome) as { error: unknown }).error);
    // An unknown error stays an opaque 500, with its refund.
    expect(problem).toMatchObject({ status: 500, code: 'internal', refund: { creditedUsd: '0.001', accountId } });
    expect(problem.detail).not.toMatch(/database/);
    expect(await creditBalance(db, accountId)).toBe(1_000n);
  });

  it('commit settles once however often the handler calls it', async () => {
    const { steps, outcome } = pay('ethSwap', async (commit) => {
      await commit!();
      await commit!();
      return {};
    });
    expect((await outcome).status).toBe(200);
    expect(steps.filter((s) => s === 'settle')).toHaveLength(1);
  });

  it('a before-run tool settles before it runs; an after-success tool after it succeeds', async () => {
    const write = pay('svcMintVault', async () => ({}));
    expect((await write.outcome).status).toBe(200);
    expect(write.steps).toEqual(['verify', 'settle', 'run', 'done']);
    const read = pay('getLeaderboard', async () => ({}));
    expect((await read.outcome).status).toBe(200);
    expect(read.steps).toEqual(['verify', 'run', 'done', 'settle']);
  });

  it('takes a batch-settlement voucher with an Idempotency-Key, and answers its retry from the first answer', async () => {
    const channelId = `0x${'ab'.repeat(32)}`;
    const voucherPayload = {
      x402Version: 2,
      accepted: { ...REQUIREMENTS, scheme: 'batch-settlement' },
      payload: { voucher: { channelId, maxClaimableAmount: '1000', signature: '0x1234' } },
    } as unknown as PaymentPayload;
    const idempotencyKey = `voucher-${Math.random()}`;
    // The channel payments name the payer lowercase; a facilitator may answer the same payer checksummed.
    const payer = '0x00000000000000000000000000000000000000aA';
    const first = pay('getLeaderboard', async () => ({ n: 1 }), { idempotencyKey, payload: voucherPayload, payer });
    expect(await first.outcome).toMatchObject({ status: 200, body: { n: 1 } });
    expect(first.steps).toEqual(['verify', 'run', 'done', 'settle']);

    const retry = pay('getLeaderboard', async () => ({ n: 2 }), { idempotencyKey, payload: voucherPayload });
    expect(await retry.outcome).toMatchObject({ status: 'replayed', httpStatus: 200, body: { n: 1 } });
    expect(retry.steps).not.toContain('settle');
    expect(retry.steps).not.toContain('run');

    // Another voucher under the same key from the same payer, spelled lowercase: the key already answered.
    const other = pay('getLeaderboard', async () => ({ n: 3 }), {
      idempotencyKey,
      payload: { ...voucherPayload, payload: { voucher: { channelId, maxClaimableAmount: '2000', signature: '0x1' } } },
      payer: payer.toLowerCase(),
    });
    expect(await other.outcome).toMatchObject({ status: 'replayed', httpStatus: 200, body: { n: 1 } });
    expect(other.steps).toEqual(['verify', 'release']);
  });
});
