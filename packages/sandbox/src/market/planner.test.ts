import { describe, expect, it } from 'vitest';
import { type PlannerChain, TradePlanner } from './planner.js';
import { SIMULATED_WALLET_LABELS } from './wallets.js';

const CHAINS: PlannerChain[] = [
  {
    chain: 'base',
    pairs: [
      { base: 'WETH', quote: 'USDC' },
      { base: 'LINK', quote: 'USDC' },
      { base: 'LINK', quote: 'WETH' },
      { base: 'WBTC', quote: 'USDC' },
    ],
  },
  {
    chain: 'solana',
    pairs: [
      { base: 'SOL', quote: 'USDC' },
      { base: 'BONK', quote: 'SOL' },
    ],
  },
];

const plan = (seed: string, steps: number, chains = CHAINS) => {
  const planner = new TradePlanner(seed);
  return Array.from({ length: steps }, () => planner.next(chains));
};

describe('the market simulator planner', () => {
  it('plans the same trades from the same seed, and other trades from another', () => {
    const first = plan('seed-a', 200);
    expect(plan('seed-a', 200)).toEqual(first);
    expect(plan('seed-b', 200)).not.toEqual(first);
    expect(first.map((trade) => trade.step)).toEqual(Array.from({ length: 200 }, (_, step) => step));
  });

  it('trades only pairs of the chains it is given', () => {
    for (const trade of plan('pairs', 300)) {
      const chain = CHAINS.find((candidate) => candidate.chain === trade.chain)!;
      expect(chain.pairs).toContainEqual({ base: trade.base, quote: trade.quote });
    }
    expect(new Set(plan('pairs', 300).map((trade) => trade.chain))).toEqual(new Set(['base', 'solana']));
    expect(plan('one', 50, [CHAINS[1]!]).every((trade) => trade.chain === 'solana')).toBe(true);
    expect(() => new TradePlanner('none').next([{ chain: 'base', pairs: [] }])).toThrow(/no chain/);
  });

  it('sizes and directs each trade by its wallet label', () => {
    const trades = plan('labels', 2_000);
    const byKind = (kind: string) => trades.filter((trade) => SIMULATED_WALLET_LABELS[trade.wallet]!.kind === kind);
    for (const kind of ['smart_money', 'fund', 'market_maker', 'retail', 'fresh_wallet'])
      expect(byKind(kind).length).toBeGreaterThan(50);
    expect(byKind('fresh_wallet').every((trade) => trade.side === 'buy')).toBe(true);
    expect(byKind('retail').every((trade) => trade.sizeUsd >= 20 && trade.sizeUsd <= 600)).toBe(true);
    expect(byKind('fund').every((trade) => trade.sizeUsd >= 10_000 && trade.sizeUsd <= 60_000)).toBe(true);
    const makers = byKind('market_maker');
    const buys = makers.filter((trade) => trade.side === 'buy').length / makers.length;
    expect(buys).toBeGreaterThan(0.35);
    expect(buys).toBeLessThan(0.65);
    // Smart money leans into its two favourites per chain: most of a wallet's trades are in them.
    const smart = byKind('smart_money').filter((trade) => trade.wallet === 0 && trade.chain === 'base');
    const counts = new Map<string, number>();
    for (const trade of smart) counts.set(trade.base, (counts.get(trade.base) ?? 0) + 1);
    const top2 = [...counts.values()].sort((a, b) => b - a).slice(0, 2);
    expect((top2[0]! + top2[1]!) / smart.length).toBeGreaterThan(0.7);
  });
});
