import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { testBackends } from './testing.js';
import { releaseUpstreamSpend, reserveUpstreamSpend, upstreamSpendOn } from './upstream-spend.js';

describe.each(testBackends())('the upstream spend ledger on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  const reserve = (day: string, microUsd: bigint, dailyCapMicroUsd: bigint) =>
    reserveUpstreamSpend(db, { day, microUsd, dailyCapMicroUsd });

  it('reserves up to the day cap and refuses a payment that would pass it, counting nothing for it', async () => {
    expect(await reserve('2026-11-20', 40_000n, 100_000n)).toEqual({ reserved: true, spentMicroUsd: 40_000n });
    expect(await reserve('2026-11-20', 60_000n, 100_000n)).toEqual({ reserved: true, spentMicroUsd: 100_000n });
    expect(await reserve('2026-11-20', 1n, 100_000n)).toEqual({ reserved: false, spentMicroUsd: 100_000n });
    expect(await upstreamSpendOn(db, '2026-11-20')).toEqual({ microUsd: 100_000n, payments: 2 });
  });

  it('refuses a first payment of the day larger than the whole cap, writing nothing', async () => {
    expect(await reserve('2026-11-21', 200_000n, 100_000n)).toEqual({ reserved: false, spentMicroUsd: 0n });
    expect(await upstreamSpendOn(db, '2026-11-21')).toEqual({ microUsd: 0n, payments: 0 });
  });

  it('counts each UTC day apart', async () => {
    expect(await reserve('2026-11-22', 100_000n, 100_000n)).toMatchObject({ reserved: true });
    expect(await reserve('2026-11-23', 100_000n, 100_000n)).toMatchObject({ reserved: true });
    expect(await reserve('2026-11-22', 1n, 100_000n)).toMatchObject({ reserved: false });
  });

  it('gives a released reservation back to its day', async () => {
    await reserve('2026-11-24', 90_000n, 100_000n);
    expect(await reserve('2026-11-24', 20_000n, 100_000n)).toMatchObject({ reserved: false });
    await releaseUpstreamSpend(db, { day: '2026-11-24', microUsd: 90_000n });
    expect(await upstreamSpendOn(db, '2026-11-24')).toEqual({ microUsd: 0n, payments: 0 });
    expect(await reserve('2026-11-24', 20_000n, 100_000n)).toEqual({ reserved: true, spentMicroUsd: 20_000n });
  });

  it('never lets concurrent reservations overshoot the cap together', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => reserve('2026-11-25', 10_000n, 95_000n)));
    expect(outcomes.filter((outcome) => outcome.reserved)).toHaveLength(9);
    expect(await upstreamSpendOn(db, '2026-11-25')).toEqual({ microUsd: 90_000n, payments: 9 });
  });
});
