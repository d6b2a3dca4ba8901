// findSolanaGems' trading figures in sandbox: what the market index saw of each mint's swaps over the timeframe.
import type { MarketActivity, MarketTrade, WalletLabel } from '../ports/market-activity.js';

export type GemTimeframe = '5m' | '1h' | '6h' | '24h';

const TIMEFRAME_MS: Readonly<Record<GemTimeframe, number>> = {
  '5m': 5 * 60_000,
  '1h': 60 * 60_000,
  '6h': 6 * 60 * 60_000,
  '24h': 24 * 60 * 60_000,
};

/** One mint's swaps over a timeframe, in Jupiter's stats terms. */
export interface GemStats {
  readonly trades: number;
  /** USD value of every swap that bought or sold the mint. */
  readonly volumeUsd: number;
  /** Buy volume minus sell volume, in USD. */
  readonly netVolumeUsd: number;
  /** Wallets that bought more of the mint than they sold. */
  readonly numNetBuyers: number;
  /** Price now against the price at the timeframe's start, in percent. */
  readonly priceChangePercent: number | null;
  /**
   * Jupiter scores how organic a token's activity is (0 to 100). The sandbox's measure: the share of the volume
   * traded by wallets that are not market makers (the simulated makers trade both sides to keep pools priced);
   * null without trades.
   */
  readonly organicScore: number | null;
}

const isMarketMaker = (label: WalletLabel | null) => label?.kind === 'market_maker';

function statsOf(mint: string, trades: readonly MarketTrade[]): Omit<GemStats, 'priceChangePercent'> {
  let volumeUsd = 0;
  let netVolumeUsd = 0;
  let organicUsd = 0;
  const netByWallet = new Map<string, number>();
  for (const trade of trades) {
    const bought = trade.bought.address === mint;
    volumeUsd += trade.valueUsd;
    netVolumeUsd += bought ? trade.valueUsd : -trade.valueUsd;
    if (!isMarketMaker(trade.traderLabel)) organicUsd += trade.valueUsd;
    const amount = bought ? trade.bought.amount : -trade.sold.amount;
    netByWallet.set(trade.trader, (netByWallet.get(trade.trader) ?? 0) + amount);
  }
  return {
    trades: trades.length,
    volumeUsd,
    netVolumeUsd,
    numNetBuyers: [...netByWallet.values()].filter((net) => net > 0).length,
    organicScore: volumeUsd > 0 ? (100 * organicUsd) / volumeUsd : null,
  };
}

/** Each mint's stats over the `timeframe` ending now, from the sandbox market index's Solana swaps. */
export async function sandboxGemStats(
  market: MarketActivity,
  mints: readonly string[],
  timeframe: GemTimeframe,
  now = new Date(),
): Promise<ReadonlyMap<string, GemStats>> {
  const from = new Date(now.getTime() - TIMEFRAME_MS[timeframe]);
  const entries = await Promise.all(
    mints.map(async (mint) => {
      const trades = await market.trades('solana', { from, to: now, token: mint });
      const [then, current] = await Promise.all([
        market.priceUsdAt('solana', mint, from),
        market.priceUsdAt('solana', mint, now),
      ]);
      const priceChangePercent =
        then !== undefined && current !== undefined && then > 0 ? (100 * (current - then)) / then : null;
      return [mint, { ...statsOf(mint, trades), priceChangePercent }] as const;
    }),
  );
  return new Map(entries);
}
