import { describe, expect, it } from 'vitest';
import type { MarketToken, MarketTrade, WalletLabel } from '../ports/market-activity.js';
import { recordedMarketActivity } from '../testing/recorded-market-activity.js';
import { sandboxGemStats } from './sandbox-gem-stats.js';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const now = new Date('2026-11-26T12:00:00Z');
const maker: WalletLabel = { kind: 'market_maker', name: 'Market Maker' };
const token = (address: string, symbol: string, priceUsd: number): MarketToken => ({
  chain: 'solana',
  address,
  symbol,
  name: symbol,
  decimals: 6,
  priceUsd,
  liquidityUsd: 1_000_000,
  supply: 1_000_000,
});
/** A swap of `usd` dollars at $1 a JUP: bought (USDC in) or sold (JUP in), `minutesAgo` before now. */
const swap = (
  trader: string,
  side: 'buy' | 'sell',
  usd: number,
  minutesAgo: number,
  label: WalletLabel | null = null,
) => {
  const jup = { address: JUP, symbol: 'JUP', amount: usd };
  const usdc = { address: USDC, symbol: 'USDC', amount: usd };
  return {
    chain: 'solana',
    transactionHash: `${trader}-${minutesAgo}`,
    blockNumber: 1,
    timestamp: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
    trader,
    traderLabel: label,
    pool: 'pool',
    sold: side === 'buy' ? usdc : jup,
    bought: side === 'buy' ? jup : usdc,
    valueUsd: usd,
  } satisfies MarketTrade;
};

describe('findSolanaGems sandbox stats', () => {
  const market = recordedMarketActivity({
    tokens: [token(JUP, 'JUP', 1.1), token(USDC, 'USDC', 1)],
    trades: [
      swap('alice', 'buy', 100, 10),
      swap('alice', 'sell', 40, 8),
      swap('bob', 'sell', 60, 6),
      swap('maker', 'buy', 200, 3, maker),
      swap('carol', 'buy', 500, 120), // before the 1h window
    ],
    prices: [
      { chain: 'solana', token: JUP, at: new Date(now.getTime() - 60 * 60_000), priceUsd: 1 },
      { chain: 'solana', token: JUP, at: new Date(now.getTime() - 60_000), priceUsd: 1.1 },
    ],
  });

  it('sums volume and net volume, counts net buyers and scores organic volume over the timeframe', async () => {
    const stats = (await sandboxGemStats(market, [JUP], '1h', now)).get(JUP)!;
    expect(stats.trades).toBe(4);
    expect(stats.volumeUsd).toBe(400);
    expect(stats.netVolumeUsd).toBe(100 - 40 - 60 + 200);
    // alice (+60) and the maker (+200) bought more than they sold; bob sold.
    expect(stats.numNetBuyers).toBe(2);
    // The maker's $200 of $400 is not organic.
    expect(stats.organicScore).toBe(50);
    expect(stats.priceChangePercent).toBeCloseTo(10, 9);
  });

  it('has no organic score without swaps', async () => {
    const stats = (await sandboxGemStats(market, [JUP], '5m', now)).get(JUP)!;
    expect(stats).toMatchObject({ trades: 1, volumeUsd: 200, organicScore: 0 });
    const quiet = (await sandboxGemStats(market, [USDC], '5m', new Date(now.getTime() + 3_600_000))).get(USDC)!;
    expect(quiet).toMatchObject({ trades: 0, volumeUsd: 0, numNetBuyers: 0, organicScore: null });
  });
});
