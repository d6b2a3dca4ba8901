import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentCalls } from './call-ledger.js';
import type { Db } from './db.js';
import { claimIdempotencyKey, findIdempotencyRecord, recordSettledCallAnswer } from './idempotency.js';
import { claimPayment, findPaymentClaim, markSettling } from './payment-claims.js';
import { testBackends } from './testing.js';

describe.each(testBackends())('recordSettledCallAnswer on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  /** A payment claimed and settling for a call holding an Idempotency-Key, as the pipeline leaves it before recording. */
  async function settlingCall(paymentId: string, tool: string) {
    const scope = { key: `key-${paymentId}`, payer: '0xpayer' };
    expect(await claimPayment(db, { paymentId, tool, network: 'eip155:8453' })).toBe(true);
    expect(await claimIdempotencyKey(db, { ...scope, tool, inputHash: 'h', paymentId })).toBeUndefined();
    await markSettling(db, paymentId, { payer: scope.payer, token: 'BASE_USDC', amount: '1000' });
    const call = { tool, payer: scope.payer, token: 'BASE_USDC', amount: '1000', txHash: `0xtx-${paymentId}` };
    return { scope, call: { ...call, outcome: 'settled', httpStatus: 200, latencyMs: 5 } };
  }

  it('writes the ledger row, marks the claim settled and stores the answer under the key, together', async () => {
    const { scope, call } = await settlingCall('p-answer', 'toolAnswered');
    const response = { httpStatus: 200, body: { ok: true }, paymentResponse: 'encoded' };
    expect(await recordSettledCallAnswer(db, 'p-answer', call, { scope, response })).toBeDefined();
    expect(await findPaymentClaim(db, 'p-answer')).toEqual({ state: 'settled', txHash: '0xtx-p-answer' });
    expect(await findIdempotencyRecord(db, scope)).toMatchObject({ state: 'done', ...response });
    expect((await recentCalls(db, { tool: 'toolAnswered' })).map((row) => row.outcome)).toEqual(['settled']);
  });

  it('writes none of them when storing the answer fails: no ledger row, the claim still settling, the key running', async () => {
    const { scope, call } = await settlingCall('p-failed', 'toolUnanswered');
    // A body JSON cannot encode makes the answer's statement fail after the ledger row was written in the transaction.
    const response = { httpStatus: 200, body: { amount: 1n }, paymentResponse: null };
    await expect(recordSettledCallAnswer(db, 'p-failed', call, { scope, response })).rejects.toThrow();
    expect((await findPaymentClaim(db, 'p-failed'))?.state).toBe('settling');
    expect(await findIdempotencyRecord(db, scope)).toMatchObject({ state: 'running' });
    expect(await recentCalls(db, { tool: 'toolUnanswered' })).toEqual([]);
  });
});
