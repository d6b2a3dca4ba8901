import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentCalls, recordCall, recordSettledCall } from './call-ledger.js';
import { claimPayment, findPaymentClaim, releasePaymentClaim } from './payment-claims.js';
import { accountForWallet, consumeNonce, nonceUsed, purgeExpiredNonces, walletsOfAccount } from './identity.js';
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
    await recordCall(db, {
      tool: 'wallet',
      payer: '0xabc',
      token: 'BASE_USDC',
      amount: huge,
      txHash: '0x1',
      outcome: 'settled',
      httpStatus: 200,
      latencyMs: 12.6,
    });
    const [row] = await recentCalls(db, { tool: 'wallet' });
    expect(row).toMatchObject({
      tool: 'wallet',
      payer: '0xabc',
      token: 'BASE_USDC',
      amount: huge,
      txHash: '0x1',
      outcome: 'settled',
      httpStatus: 200,
      latencyMs: 13,
    });
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
    await recordSettledCall(db, 'p1', {
      tool: 'websearch',
      payer: '0xabc',
      token: 'BASE_USDC',
      amount: '1000',
      txHash: '0xtx',
      outcome: 'settled',
      httpStatus: 200,
      latencyMs: 3,
    });
    await releasePaymentClaim(db, 'p1');
    expect(await findPaymentClaim(db, 'p1')).toEqual({ state: 'settled', txHash: '0xtx' });
    expect(await claimPayment(db, claim)).toBe(false);

    expect(await claimPayment(db, { ...claim, paymentId: 'p2' })).toBe(true);
    await releasePaymentClaim(db, 'p2');
    expect(await findPaymentClaim(db, 'p2')).toBeUndefined();
    expect(await claimPayment(db, { ...claim, paymentId: 'p2' })).toBe(true);
  });

  it('marks a claim settled in the same statement that writes its call ledger row', async () => {
    expect(await claimPayment(db, { ...claim, paymentId: 'p3' })).toBe(true);
    const id = await recordSettledCall(db, 'p3', {
      tool: 'websearch',
      payer: '0xabc',
      token: 'BASE_USDC',
      amount: '1000',
      txHash: '0xtx3',
      outcome: 'settled',
      httpStatus: 200,
      latencyMs: 5,
    });
    expect(await findPaymentClaim(db, 'p3')).toEqual({ state: 'settled', txHash: '0xtx3' });
    const [row] = await recentCalls(db, { tool: 'websearch', limit: 1 });
    expect(row).toMatchObject({ id, txHash: '0xtx3', outcome: 'settled', payer: '0xabc' });
  });

  it('writes neither the ledger row nor the settled mark when the statement fails', async () => {
    expect(await claimPayment(db, { ...claim, paymentId: 'p4' })).toBe(true);
    await expect(
      recordSettledCall(db, 'p4', {
        tool: 'websearch',
        txHash: '0xtx4',
        outcome: 'settled',
        httpStatus: 200,
        latencyMs: -1,
      }),
    ).rejects.toThrow();
    expect(await findPaymentClaim(db, 'p4')).toEqual({ state: 'claimed', txHash: null });
    expect((await recentCalls(db, { tool: 'websearch' })).map((r) => r.txHash)).not.toContain('0xtx4');
  });
});

describe.each(testBackends())('sign-in identity on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  async function accountCount(): Promise<number> {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    return Number(rows[0]!.n);
  }

  const inFiveMinutes = () => new Date(Date.now() + 300_000);

  it('lets exactly one of many concurrent consumers use a nonce', async () => {
    expect(await nonceUsed(db, 'nonce-race')).toBe(false);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeNonce(db, 'nonce-race', inFiveMinutes())),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'used')).toHaveLength(11);
    expect(await consumeNonce(db, 'nonce-race', inFiveMinutes())).toBe('used');
    expect(await nonceUsed(db, 'nonce-race')).toBe(true);
  });

  it('purges used nonces that expired before the grace period', async () => {
    await consumeNonce(db, 'nonce-old', new Date(Date.now() - 7_200_000));
    await consumeNonce(db, 'nonce-fresh', inFiveMinutes());
    expect(await purgeExpiredNonces(db, 3600)).toBeGreaterThanOrEqual(1);
    expect(await nonceUsed(db, 'nonce-old')).toBe(false);
    expect(await nonceUsed(db, 'nonce-fresh')).toBe(true);
  });

  it('creates an account on the first sign-in and returns it afterwards, EVM addresses case-insensitively', async () => {
    const before = await accountCount();
    const first = await accountForWallet(db, 'eip155:8453', '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01');
    expect(first.created).toBe(true);
    expect(first.accountId).toMatch(/^acct_[0-9a-f]{24}$/);
    const second = await accountForWallet(db, 'eip155:8453', '0xabcdef0123456789abcdef0123456789abcdef01');
    expect(second).toEqual({ accountId: first.accountId, created: false });
    expect(await accountCount()).toBe(before + 1);
    expect(await walletsOfAccount(db, first.accountId)).toEqual([
      { chainId: 'eip155:8453', address: '0xabcdef0123456789abcdef0123456789abcdef01' },
    ]);
  });

  it('keeps Solana addresses as given and separate per chain', async () => {
    const sol = await accountForWallet(
      db,
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'BSmWDgE9ex6dZYbiTsJGcwMEgFp8q4aWh92hdErQPeVW',
    );
    expect(sol.created).toBe(true);
    expect(await walletsOfAccount(db, sol.accountId)).toEqual([
      { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address: 'BSmWDgE9ex6dZYbiTsJGcwMEgFp8q4aWh92hdErQPeVW' },
    ]);
    const lower = await accountForWallet(
      db,
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bsmwdge9ex6dzybitsjgcwmegfp8q4awh92hderqpevw',
    );
    expect(lower.created).toBe(true);
    expect(lower.accountId).not.toBe(sol.accountId);
  });

  it('creates exactly one account when the same wallet signs in concurrently for the first time', async () => {
    const before = await accountCount();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000aa'),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.accountId)).size).toBe(1);
    expect(await accountCount()).toBe(before + 1);
  });
});
