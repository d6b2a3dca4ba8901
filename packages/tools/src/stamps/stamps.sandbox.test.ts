import { sandboxProviders } from '@svc/providers';
import { SandboxBitcoin, SRC20_DEPLOYER, STAMPS_ARTIST } from '@svc/sandbox';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { sandboxStampsIndex } from './sandbox-stamps-index.js';
import { searchSRC20Tokens } from './src20.js';
import { getRecentStamps, searchStamps } from './stamps.js';

/** A fresh (seeded) sandbox chain and a sandbox-mode context reading its stamps index. */
function sandboxContext() {
  const bitcoin = new SandboxBitcoin();
  const context = {
    mode: 'sandbox',
    caller: undefined,
    providers: sandboxProviders(),
    stampsIndex: sandboxStampsIndex(bitcoin),
  } as HandlerContext;
  return { bitcoin, context };
}

const numbers = (answer: Record<string, unknown>) => (answer.data as { stamp: number }[]).map((row) => row.stamp);
const ticks = (answer: Record<string, unknown>) => (answer.data as { tick: string }[]).map((row) => row.tick);

describe('the stamps search handlers on the seeded sandbox chain', () => {
  it('searchStamps filters by number, cpid, creator and flags, newest first unless ASC, paged by limit', async () => {
    const { bitcoin, context } = sandboxContext();
    const [png, , text] = bitcoin.stamps.stamps();
    expect(numbers(await searchStamps({ query: '1' }, context))).toEqual([1]);
    expect(numbers(await searchStamps({ cpid: png!.cpid.toLowerCase() }, context))).toEqual([0]);
    expect(numbers(await searchStamps({ query: text!.txid.slice(10, 30) }, context))).toEqual([-1]);
    expect(numbers(await searchStamps({ creator: STAMPS_ARTIST.address, sort_order: 'ASC' }, context))).toEqual([
      0, 1, -1,
    ]);
    expect(numbers(await searchStamps({ creator: STAMPS_ARTIST.address, is_btc_stamp: true }, context))).toEqual([
      1, 0,
    ]);
    expect(numbers(await searchStamps({ is_cursed: true }, context))).toEqual([-1]);
    expect(numbers(await searchStamps({ collection_id: 'anything' }, context))).toEqual([]);
    const paged = await searchStamps({ sort_order: 'ASC', limit: 2, page: 2 }, context);
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 10, totalPages: 5 });
    expect(numbers(paged)).toEqual([-1, 2]);
    expect((await searchStamps({ page_size: 3 }, context)).limit).toBe(3);
  });

  it('getRecentStamps answers the newest `limit` stamps', async () => {
    const { context } = sandboxContext();
    const recent = await getRecentStamps({ limit: 2 }, context);
    expect(numbers(recent)).toEqual([8, 7]);
    expect(recent).toMatchObject({ page: 1, limit: 2, total: 10 });
  });

  it('searchSRC20Tokens filters by query and deployer, sorts by the key asked, and starts at page 5 by default', async () => {
    const { context } = sandboxContext();
    expect(await searchSRC20Tokens({ page: 5 }, context)).toMatchObject({ page: 5, limit: 10, total: 2, data: [] });
    expect(ticks(await searchSRC20Tokens({ page: 1 }, context))).toEqual(['STAMP', 'KEVIN']);
    expect(ticks(await searchSRC20Tokens({ page: 1, sort_order: 'ASC' }, context))).toEqual(['KEVIN', 'STAMP']);
    expect(ticks(await searchSRC20Tokens({ page: 1, sort_by: 'percent_minted' }, context))).toEqual(['KEVIN', 'STAMP']);
    expect(ticks(await searchSRC20Tokens({ page: 1, query: 'kev' }, context))).toEqual(['KEVIN']);
    expect(ticks(await searchSRC20Tokens({ page: 1, deployer: SRC20_DEPLOYER.address }, context))).toHaveLength(2);
    expect(ticks(await searchSRC20Tokens({ page: 1, deployer: STAMPS_ARTIST.address }, context))).toEqual([]);
    expect((await searchSRC20Tokens({ page: 1, query: 'KEVIN' }, context)).data).toEqual([
      expect.objectContaining({
        max_supply: '690000',
        lim: '69000',
        decimals: 0,
        total_mints: 2,
        total_minted: '138000',
      }),
    ]);
  });
});
