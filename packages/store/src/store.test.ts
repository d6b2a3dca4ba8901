import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentCalls, recordCall } from './call-ledger.js';
import { claimPayment, findPaymentClaim, markPaymentSettled, releasePaymentClaim } from './payment-claims.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { testBackends } from './testing.js';

describe.each(testBackends())('store on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  it('records every shipped migration once and re-running applies nothing', async () => {
    const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => Number(r.version))).toEqual(migrations.map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
  });

  it('applies a new migration exactly once, even when two migrators race', async () => {
    const extra = [...migrations, { version: 9_999, name: 'probe', sql: 'CREATE TABLE migration_probe (id int)' }];
    const [a, b] = await Promise.all([migrate(db, extra), migrate(db, extra)]);
    expect([...a, ...b]).toEqual([9_999]);
    await db.query('DROP TABLE migration_probe');
    await db.query('DELETE FROM schema_migrations WHERE version = 9999');
  });

  it('rejects migrations that are out of order', async () => {
    await expect(migrate(db, [...migrations].reverse().concat(migrations))).rejects.toThrow(/increasing/);
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      db.transaction(async (tx) => {
        await recordCall(tx, { tool: 'rollbackProbe', outcome: 'ok', httpStatus: 200, latencyMs: 1 });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await recentCalls(db, { tool: 'rollbackProbe' })).toEqual([]);
  });

  it('stores call ledger rows with exact atomic amounts', async () => {
    const huge = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
    await recordCall(db, { tool: 'wallet', payer: '0xabc', token: 'BASE_USDC', amount: huge, txHash: '0x1', outcome: 'settled', httpStatus: 200, latencyMs: 12.6 });
    const [row] = await recentCalls(db, { tool: 'wallet' });
    expect(row).toMatchObject({ tool: 'wallet', payer: '0xabc', token: 'BASE_USDC', amount: huge, txHash: '0x1', outcome: 'settled', httpStatus: 200, latencyMs: 13 });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a negative latency (schema CHECK)', async () => {
    await expect(recordCall(db, { tool: 'x', outcome: 'ok', httpStatus: 200, latencyMs: -5 })).rejects.toThrow();
  });
});

describe.each(testBackends())('payment claims on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());
  const claim = { paymentId: 'p1', tool: 'websearch', network: 'eip155:8453', payer: '0xabc' };

  it('lets exactly one of many concurrent claims win', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => claimPayment(db, claim)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('keeps a settled claim forever and lets a released one be claimed again', async () => {
    await markPaymentSettled(db, 'p1', '0xtx');
    await releasePaymentClaim(db, 'p1');
    expect(await findPaymentClaim(db, 'p1')).toEqual({ state: 'settled', txHash: '0xtx' });
    expect(await claimPayment(db, claim)).toBe(false);

    expect(await claimPayment(db, { ...claim, paymentId: 'p2' })).toBe(true);
    await releasePaymentClaim(db, 'p2');
    expect(await findPaymentClaim(db, 'p2')).toBeUndefined();
    expect(await claimPayment(db, { ...claim, paymentId: 'p2' })).toBe(true);
  });
});
