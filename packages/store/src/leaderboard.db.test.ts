import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCall } from './call-ledger.js';
import type { Db } from './db.js';
import { accountForWallet } from './identity.js';
import { leaderboard } from './leaderboard.js';
import { testBackends } from './testing.js';

const USD_TOKENS = [
  { id: 'BASE_USDC', decimals: 6 },
  { id: 'USDCx', decimals: 6 },
];
const query = { orderBy: 'volume' as const, page: 1, pageSize: 20, walletContains: undefined, usdTokens: USD_TOKENS };

describe.each(testBackends())('leaderboard on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
    const alice = (await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000a11ce')).accountId;
    const bob = (await accountForWallet(db, 'eip155:8453', '0x0000000000000000000000000000000000000b0b')).accountId;
    const paid = (accountId: string, token: string, amount: string, outcome = 'settled') =>
      recordCall(db, {
        tool: 'wallet',
        accountId,
        token,
        amount,
        txHash: '0x1',
        outcome,
        httpStatus: 200,
        latencyMs: 1,
      });
    await paid(alice, 'BASE_USDC', '220500'); // 0.2205 USD
    await paid(alice, 'STX', '999999999'); // no stored USD value: a transaction, not volume
    await paid(alice, 'BASE_USDC', '5000000', 'failed_not_charged'); // not paid: not counted
    await paid(bob, 'USDCx', '1200');
    await paid(bob, 'BASE_USDC', '1200');
    await paid(bob, 'BASE_USDC', '1200', 'failed_after_settlement');
  });
  afterAll(() => db.close());

  it('ranks paid calls by USD volume, transactions and aura', async () => {
    expect((await leaderboard(db, query)).rows).toEqual([
      {
        rank: 1,
        wallet: '0x00000000000000000000000000000000000a11ce',
        volumeUsd: '0.220500',
        transactions: 2,
        aura: 24,
      },
      {
        rank: 2,
        wallet: '0x0000000000000000000000000000000000000b0b',
        volumeUsd: '0.003600',
        transactions: 3,
        aura: 3,
      },
    ]);
    expect(
      (await leaderboard(db, { ...query, orderBy: 'transactions' })).rows.map((r) => [r.rank, r.transactions]),
    ).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect((await leaderboard(db, { ...query, orderBy: 'aura' })).rows.map((r) => r.aura)).toEqual([24, 3]);
  });

  it('filters by wallet substring keeping global ranks, and pages', async () => {
    const bob = await leaderboard(db, { ...query, walletContains: 'B0B' });
    expect(bob).toEqual({ total: 1, rows: [expect.objectContaining({ rank: 2, transactions: 3 })] });
    expect(await leaderboard(db, { ...query, pageSize: 1, page: 2 })).toEqual({
      total: 2,
      rows: [expect.objectContaining({ rank: 2 })],
    });
    expect(await leaderboard(db, { ...query, page: 9 })).toEqual({ total: 2, rows: [] });
    expect(await leaderboard(db, { ...query, walletContains: 'nobody' })).toEqual({ total: 0, rows: [] });
  });
});
