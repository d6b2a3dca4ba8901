import { ServiceError } from '@svc/contracts';
import { sandboxProviders } from '@svc/providers';
import { accountForWallet, type Db, recordCall } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { leaderboardFamily } from './index.js';
import { testMasterKey } from '../testing/caller-contexts.js';

const { getLeaderboard } = leaderboardFamily.handlers;

const defaults = { page: 1, pageSize: 20, orderBy: 'volume' as const };

describe.each(testBackends())('getLeaderboard on $name', (backend) => {
  let db: Db;
  let context: HandlerContext;
  beforeAll(async () => {
    db = await backend.open();
    context = { mode: 'sandbox', db, caller: undefined, masterKey: testMasterKey(), providers: sandboxProviders() };
    for (const [wallet, calls] of [
      ['0x00000000000000000000000000000000000a11ce', 1],
      ['0x0000000000000000000000000000000000000b0b', 3],
    ] as const) {
      const { accountId } = await accountForWallet(db, 'eip155:8453', wallet);
      for (let i = 0; i < calls; i += 1)
        await recordCall(db, {
          tool: 'wallet',
          accountId,
          token: 'BASE_USDC',
          amount: '1200',
          txHash: '0x1',
          outcome: 'settled',
          httpStatus: 200,
          latencyMs: 1,
        });
    }
  });
  afterAll(() => db.close());

  it('ranks from the call ledger and explains every column', async () => {
    const board = await getLeaderboard(defaults, context);
    expect(board).toMatchObject({ orderBy: 'volume', total: 2, unavailable: ['referrals', 'pnl'] });
    expect(board.entries).toEqual([
      {
        rank: 1,
        wallet: '0x0000000000000000000000000000000000000b0b',
        volumeUsd: '0.003600',
        transactions: 3,
        referrals: 0,
        aura: 3,
        pnlUsd: '0',
      },
      {
        rank: 2,
        wallet: '0x00000000000000000000000000000000000a11ce',
        volumeUsd: '0.001200',
        transactions: 1,
        referrals: 0,
        aura: 1,
        pnlUsd: '0',
      },
    ]);
    expect(Object.keys(board.formulas as object)).toEqual(['volume', 'transactions', 'referrals', 'aura', 'pnl']);
    expect((await getLeaderboard({ ...defaults, query: 'A11CE' }, context)).entries).toMatchObject([{ rank: 2 }]);
  });

  it('ties everyone on a column without data and says so', async () => {
    const board = await getLeaderboard({ ...defaults, orderBy: 'pnl' }, context);
    expect((board.entries as { rank: number }[]).map((e) => e.rank)).toEqual([1, 1]);
    expect(board.note).toMatch(/pnl has no data source yet/);
  });

  it('refuses pages that are not positive integers and oversized pages', async () => {
    const error = await getLeaderboard({ ...defaults, page: 0, pageSize: 500 }, context).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).issues?.map((i) => i.field)).toEqual(['page', 'pageSize']);
  });
});
