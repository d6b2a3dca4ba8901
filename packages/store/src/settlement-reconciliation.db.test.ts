import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentCalls, recordSettledCall } from './call-ledger.js';
import { addCredit, creditBalance, creditEntries } from './credit.js';
import type { Db } from './db.js';
import { claimIdempotencyKey, findIdempotencyRecord } from './idempotency.js';
import { claimPayment, findPaymentClaim, markSettling, recordSettlementBroadcast } from './payment-claims.js';
import {
  finishUnansweredSettlement,
  leaseUnfinishedSettlements,
  releaseExpiredSettlement,
} from './settlement-reconciliation.js';
import { accountsOf, testBackends } from './testing.js';

const AUTHORIZATION = { scheme: 'exact', asset: '0xusdc', authorizer: '0xpayer', validBefore: 1_900_000_000n };
const LEASE = { olderThanMs: 0, abandonedAfterMs: 60_000, leaseMs: 60_000, limit: 10 };

describe.each(testBackends())('interrupted settlements on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  async function settling(paymentId: string, nonce: string): Promise<void> {
    expect(
      await claimPayment(db, {
        paymentId,
        tool: 'probe',
        network: 'eip155:8453',
        authorization: { ...AUTHORIZATION, nonce },
      }),
    ).toBe(true);
    await markSettling(db, paymentId, { payer: '0xPayer', token: 'BASE_USDC', amount: '1000', accountId: 'acct' });
  }

  it('records the intent and the broadcast hash, and leases each claim to one checker at a time', async () => {
    await settling('s1', '0x01');
    await recordSettlementBroadcast(db, {
      network: 'eip155:8453',
      asset: '0xusdc',
      authorizer: '0xpayer',
      nonce: '0x01',
      txHash: '0xtx1',
    });
    expect(await findPaymentClaim(db, 's1')).toEqual({ state: 'settling', txHash: '0xtx1' });
    const [first, second] = await Promise.all([
      leaseUnfinishedSettlements(db, LEASE),
      leaseUnfinishedSettlements(db, LEASE),
    ]);
    expect([...first, ...second].map((claim) => claim.paymentId)).toEqual(['s1']);
    expect([...first, ...second][0]).toMatchObject({
      authorizer: '0xpayer',
      nonce: '0x01',
      validBefore: 1_900_000_000n,
      txHash: '0xtx1',
      accountId: 'acct',
    });
    // Younger than `olderThanMs`: left to the call that is settling it.
    await settling('s2', '0x02');
    expect(await leaseUnfinishedSettlements(db, { ...LEASE, olderThanMs: 60_000 })).toEqual([]);
  });

  it('writes one ledger row for a settlement, whichever of the call and reconciliation finishes it first', async () => {
    await settling('s3', '0x03');
    expect(await finishUnansweredSettlement(db, 's3', '0xtx3')).toBeDefined();
    expect(await finishUnansweredSettlement(db, 's3', '0xtx3')).toBeUndefined();
    // The call itself comes back late: its claim is settled already, so it writes no second row.
    expect(
      await recordSettledCall(db, 's3', {
        tool: 'probe',
        txHash: '0xtx3',
        outcome: 'settled',
        httpStatus: 200,
        latencyMs: 1,
      }),
    ).toBeUndefined();
    const rows = (await recentCalls(db, { tool: 'probe' })).filter((row) => row.txHash === '0xtx3');
    expect(rows).toMatchObject([
      {
        outcome: 'settled_unanswered',
        httpStatus: 0,
        payer: '0xPayer',
        token: 'BASE_USDC',
        amount: '1000',
        accountId: 'acct',
      },
    ]);
    expect(await findPaymentClaim(db, 's3')).toEqual({ state: 'settled', txHash: '0xtx3' });
  });

  it('a credit top-up found landed credits its account once, in the transaction of its ledger row', async () => {
    const [account] = await accountsOf(db, '0x00000000000000000000000000000000000000d1');
    expect(
      await claimPayment(db, {
        paymentId: 't1',
        tool: 'credit_topup',
        network: 'eip155:8453',
        authorization: { ...AUTHORIZATION, nonce: '0x11' },
      }),
    ).toBe(true);
    await markSettling(db, 't1', {
      payer: '0xPayer',
      token: 'BASE_USDC',
      amount: '5000000',
      accountId: account,
      creditAmount: 5_000_000n,
    });
    expect(await finishUnansweredSettlement(db, 't1', '0xtt1')).toBeDefined();
    expect(await creditBalance(db, account)).toBe(5_000_000n);
    expect(await creditEntries(db, account)).toMatchObject([{ kind: 'topup', amount: 5_000_000n, reference: 't1' }]);
    // Reconciled again, or the call coming back late: the payment credits nothing more.
    expect(await finishUnansweredSettlement(db, 't1', '0xtt1')).toBeUndefined();
    expect(await addCredit(db, { accountId: account, amount: 5_000_000n, kind: 'topup', reference: 't1' })).toEqual({
      credited: false,
      balance: 5_000_000n,
    });
    expect(await creditEntries(db, account)).toHaveLength(1);
  });

  it('releases an expired one with a settlement_expired row, and gives its Idempotency-Key back', async () => {
    await settling('s4', '0x04');
    await claimIdempotencyKey(db, { key: 'k4', payer: '0xPayer', tool: 'probe', inputHash: 'h', paymentId: 's4' });
    expect(await releaseExpiredSettlement(db, 's4')).toBeDefined();
    expect(await findPaymentClaim(db, 's4')).toBeUndefined();
    expect(await findIdempotencyRecord(db, { key: 'k4', payer: '0xPayer' })).toBeUndefined();
    expect(
      (await recentCalls(db, { tool: 'probe' })).filter((row) => row.outcome === 'settlement_expired'),
    ).toHaveLength(1);
    expect(await releaseExpiredSettlement(db, 's4')).toBeUndefined();
  });
});
