import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentCalls } from './call-ledger.js';
import { addCredit, creditBalance, creditEntries, debitCredit, recordSettledTopup, refundDebit } from './credit.js';
import type { Db } from './db.js';
import { accountsOf, testBackends } from './testing.js';

describe.each(testBackends())('account credit on $name', (backend) => {
  let db: Db;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000c1',
      '0x00000000000000000000000000000000000000c2',
    );
  });
  afterAll(() => db.close());

  it('starts at zero and refuses a debit it cannot cover, writing nothing', async () => {
    expect(await creditBalance(db, alice)).toBe(0n);
    expect(await debitCredit(db, { accountId: alice, amount: 1200n, tool: 'websearch' })).toBeUndefined();
    expect(await creditEntries(db, alice)).toEqual([]);
  });

  it('credits a top-up once per payment reference, and grants every time', async () => {
    expect(await addCredit(db, { accountId: alice, amount: 5_000n, kind: 'topup', reference: 'pay-1' })).toEqual({
      credited: true,
      balance: 5_000n,
    });
    expect(await addCredit(db, { accountId: alice, amount: 5_000n, kind: 'topup', reference: 'pay-1' })).toEqual({
      credited: false,
      balance: 5_000n,
    });
    expect(await addCredit(db, { accountId: alice, amount: 1_000n, kind: 'grant', note: 'welcome' })).toEqual({
      credited: true,
      balance: 6_000n,
    });
    expect(await addCredit(db, { accountId: alice, amount: 1_000n, kind: 'grant' })).toEqual({
      credited: true,
      balance: 7_000n,
    });
    await expect(addCredit(db, { accountId: alice, amount: 0n, kind: 'grant' })).rejects.toThrow(RangeError);
    await expect(addCredit(db, { accountId: alice, amount: 1n, kind: 'topup' })).rejects.toThrow(/reference/);
  });

  it('records a settled top-up and its credit together, crediting a payment once', async () => {
    const [carol] = await accountsOf(db, '0x00000000000000000000000000000000000000c3');
    const call = {
      tool: 'creditTopup',
      accountId: carol,
      payer: '0xpayer',
      token: 'BASE_USDC',
      amount: '250000',
      txHash: '0xtopup',
      outcome: 'settled',
      httpStatus: 200,
      latencyMs: 1,
    };
    expect(await recordSettledTopup(db, { paymentId: 'topup-pay-1', call, accountId: carol, amount: 250_000n })).toBe(
      250_000n,
    );
    expect(await recordSettledTopup(db, { paymentId: 'topup-pay-1', call, accountId: carol, amount: 250_000n })).toBe(
      250_000n,
    );
    expect((await creditEntries(db, carol)).filter((entry) => entry.kind === 'topup')).toHaveLength(1);
    expect(
      (await recentCalls(db, { tool: 'creditTopup', limit: 5 })).filter((row) => row.txHash === '0xtopup').length,
    ).toBeGreaterThan(0);
  });

  it('debits exactly, keeps entries that explain the balance, and refunds a debit once', async () => {
    const before = await creditBalance(db, alice);
    const debit = await debitCredit(db, { accountId: alice, amount: 1_200n, tool: 'websearch' });
    expect(debit).toEqual({ debitId: expect.any(String), balance: before - 1_200n });
    expect(await refundDebit(db, debit!.debitId)).toBe(before);
    expect(await refundDebit(db, debit!.debitId)).toBeUndefined();
    expect(await creditBalance(db, alice)).toBe(before);

    const entries = await creditEntries(db, alice);
    expect(entries.slice(0, 2).map((e) => [e.kind, e.amount, e.balanceAfter, e.tool])).toEqual([
      ['refund', 1_200n, before, 'websearch'],
      ['debit', -1_200n, before - 1_200n, 'websearch'],
    ]);
    expect(entries[0]!.reference).toBe(debit!.debitId);
    expect(entries.reduce((sum, e) => sum + e.amount, 0n)).toBe(before);
  });

  it('never overdraws under concurrent debits: exactly as many succeed as the balance covers', async () => {
    await addCredit(db, { accountId: bob, amount: 10_000n, kind: 'grant' });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => debitCredit(db, { accountId: bob, amount: 1_000n, tool: 'websearch' })),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await creditBalance(db, bob)).toBe(0n);
  });

  it('keeps accounts apart', async () => {
    expect((await creditEntries(db, bob)).every((e) => e.tool === 'websearch' || e.kind === 'grant')).toBe(true);
    expect((await creditEntries(db, alice)).some((e) => e.reference === 'pay-1')).toBe(true);
    expect((await creditEntries(db, bob)).some((e) => e.reference === 'pay-1')).toBe(false);
  });
});
