// searchCryptoByName in sandbox: the sandbox coins whose id, symbol or name matches the query.
import type { CoinMatch } from '@svc/providers';
import type { MarketActivity } from '../ports/market-activity.js';
import { type SandboxCoin, sandboxCoins } from './sandbox-coins.js';

/** How well `coin` matches `query` (0 best: exact, 1 prefix, 2 anywhere); undefined when it does not match. */
function matchRank(coin: SandboxCoin, query: string): number | undefined {
  const fields = [coin.id, coin.symbol, coin.name].map((field) => field.toLowerCase());
  if (fields.includes(query)) return 0;
  if (fields.some((field) => field.startsWith(query))) return 1;
  if (fields.some((field) => field.includes(query))) return 2;
  return undefined;
}

/** The matching coins, best match first, then by market-cap rank (unranked last). */
export async function sandboxSearchCoins(market: MarketActivity, query: string): Promise<CoinMatch[]> {
  const wanted = query.trim().toLowerCase();
  const rankOf = (coin: SandboxCoin) => coin.marketCapRank ?? Number.POSITIVE_INFINITY;
  return (await sandboxCoins(market))
    .map((coin) => ({ coin, match: matchRank(coin, wanted) }))
    .filter((entry): entry is { coin: SandboxCoin; match: number } => entry.match !== undefined)
    .sort((a, b) => a.match - b.match || rankOf(a.coin) - rankOf(b.coin) || b.coin.volume24hUsd - a.coin.volume24hUsd)
    .map(({ coin }) => ({ id: coin.id, name: coin.name, symbol: coin.symbol, marketCapRank: coin.marketCapRank }));
}
