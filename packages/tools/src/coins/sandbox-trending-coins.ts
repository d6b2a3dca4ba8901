// getTrendingCoins in sandbox: the sandbox coins ranked by their 24-hour swap volume across the sandbox chains.
import type { TrendingCoin } from '@svc/providers';
import type { MarketActivity } from '../ports/market-activity.js';
import { sandboxCoins } from './sandbox-coins.js';

/** CoinGecko's trending list holds at most 15 coins. */
const MAX_TRENDING = 15;

/** USD as CoinGecko writes it in trending, e.g. "$1,234,567". */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** The coins by 24-hour volume (ties: liquidity), `score` 0 first. */
export async function sandboxTrendingCoins(market: MarketActivity): Promise<TrendingCoin[]> {
  const coins = await sandboxCoins(market);
  return coins
    .sort((a, b) => b.volume24hUsd - a.volume24hUsd || b.liquidityUsd - a.liquidityUsd)
    .slice(0, MAX_TRENDING)
    .map((coin, score) => ({
      score,
      id: coin.id,
      name: coin.name,
      symbol: coin.symbol,
      marketCapRank: coin.marketCapRank,
      priceUsd: coin.priceUsd,
      priceChange24hPercent: coin.priceChange24hPercent,
      marketCap: coin.marketCapUsd === null ? null : usd.format(coin.marketCapUsd),
      totalVolume: usd.format(coin.volume24hUsd),
    }));
}
