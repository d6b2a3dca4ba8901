import type { OrderNetwork } from '@svc/store';
import { describe, expect, it } from 'vitest';
import type { PriceFeed } from '../engine/price-feed.js';
import { livePriceFeed } from './live-price-feed.js';

/** A feed answering `priceOf(token)` (undefined: unpriced) and recording what it was asked, call by call. */
function scriptedFeed(
  network: OrderNetwork,
  priceOf: (token: string) => number | undefined | Promise<never>,
): PriceFeed & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    asked,
    async prices(tokens) {
      asked.push(tokens.map((token) => token.token));
      const ticks = [];
      for (const { token } of tokens) {
        const price = await priceOf(token);
        if (price !== undefined) ticks.push({ network, token, priceUsd: price });
      }
      return ticks;
    },
  };
}

describe('livePriceFeed', () => {
  it('asks each network once per interval, in one batch of the tokens whose price is older; answers the recent price in between', async () => {
    let clock = 0;
    let weth = 3000;
    const base = scriptedFeed('base', (token) => (token === 'weth' ? weth : undefined));
    const solana = scriptedFeed('solana', () => 150);
    const feed = livePriceFeed({ feeds: { base, solana }, intervalMs: 1000, now: () => clock });
    const watched = [
      { network: 'base' as const, token: 'weth' },
      { network: 'base' as const, token: 'dust' },
      { network: 'solana' as const, token: 'sol' },
      { network: 'polygon' as const, token: 'pol' },
    ];
    expect(await feed.prices(watched)).toEqual([
      { network: 'base', token: 'weth', priceUsd: 3000 },
      { network: 'solana', token: 'sol', priceUsd: 150 },
    ]);
    weth = 3100;
    clock = 999;
    expect(await feed.prices(watched)).toEqual([
      { network: 'base', token: 'weth', priceUsd: 3000 },
      { network: 'solana', token: 'sol', priceUsd: 150 },
    ]);
    // 'dust' (never priced) is asked again only with the next poll, not on every engine pass.
    expect(base.asked).toEqual([['weth', 'dust']]);
    clock = 1000;
    expect(await feed.prices(watched)).toContainEqual({ network: 'base', token: 'weth', priceUsd: 3100 });
    expect(base.asked).toEqual([
      ['weth', 'dust'],
      ['weth', 'dust'],
    ]);
    expect(solana.asked).toHaveLength(2);
  });

  it('a failing or hung network is logged and skipped until the next interval; the others go on; its old prices are not answered', async () => {
    let clock = 0;
    let baseDown = false;
    const base = scriptedFeed('base', () =>
      baseDown ? Promise.reject(new Error('0x failed: answered HTTP 429')) : 3000,
    );
    const solana = scriptedFeed('solana', () => new Promise<never>(() => {}));
    const bsc = scriptedFeed('bsc', () => 600);
    const warnings: Record<string, unknown>[] = [];
    const feed = livePriceFeed({
      feeds: { base, solana, bsc },
      intervalMs: 1000,
      timeoutMs: 20,
      now: () => clock,
      log: { warn: (details) => warnings.push(details) },
    });
    const watched = [
      { network: 'base' as const, token: 'weth' },
      { network: 'solana' as const, token: 'sol' },
      { network: 'bsc' as const, token: 'wbnb' },
    ];
    expect(await feed.prices(watched)).toEqual([
      { network: 'base', token: 'weth', priceUsd: 3000 },
      { network: 'bsc', token: 'wbnb', priceUsd: 600 },
    ]);
    expect(warnings).toEqual([expect.objectContaining({ network: 'solana', err: 'no answer within 20 ms' })]);
    baseDown = true;
    clock = 1000;
    expect(await feed.prices(watched)).toEqual([{ network: 'bsc', token: 'wbnb', priceUsd: 600 }]);
    expect(warnings).toContainEqual(expect.objectContaining({ network: 'base', err: '0x failed: answered HTTP 429' }));
    clock = 1500;
    expect(await feed.prices(watched)).toEqual([{ network: 'bsc', token: 'wbnb', priceUsd: 600 }]);
    clock = 2100;
    expect(await feed.prices(watched)).toEqual([{ network: 'bsc', token: 'wbnb', priceUsd: 600 }]);
    expect(bsc.asked).toHaveLength(3);
    expect(base.asked).toHaveLength(3);
    expect(solana.asked).toHaveLength(3);
  });
});
