// findSolanaGems in sandbox: the seeded Solana mints as the ledger, the swap venue's pools and the market index give them.
import { type GemFilters, type GemToken, passesGemFilters } from '@svc/providers';
import type { SolanaMintMarket } from '../ports/solana-mints.js';
import type { GemStats } from './sandbox-gem-stats.js';

/** The tokens category's sorts, and marketCap for the stocks category. */
export type SandboxGemSort = 'trending' | 'popular' | 'topTraded' | 'organic' | 'new' | 'marketCap';

export const SANDBOX_GEMS_NOTE =
  "Sandbox: holderCount (non-empty token accounts, the venue pools' included), priceUsd and liquidityUsd (the " +
  'sandbox swap venue pools) and mcapUsd (price x supply) come from the sandbox Solana ledger; volumeUsd, ' +
  'netVolumeUsd, numNetBuyers (wallets that bought more than they sold), priceChangePercent and organicScore (the ' +
  "share of the volume not traded by market makers) from the market index's swaps over the timeframe. verified " +
  'and createdAt have no sandbox source and are null. Sorts: trending by swap count, topTraded by volumeUsd, ' +
  'organic by organicScore, popular by holderCount; new has no creation times and orders by liquidityUsd. The ' +
  'stocks category lists the sandbox tokenized-stock mints (TSLAx, NVDAx) by mcapUsd.';

/** A seeded mint as a gem row: its chain state, its swaps' figures when the index has them, the rest null. */
export function gemOf(market: SolanaMintMarket, stats: GemStats | undefined): GemToken {
  const supply = Number(market.supply) / 10 ** market.decimals;
  return {
    mint: market.mint,
    name: market.name ?? market.mint,
    symbol: market.symbol ?? market.mint,
    decimals: market.decimals,
    priceUsd: market.priceUsd,
    liquidityUsd: market.liquidityUsd,
    mcapUsd: market.priceUsd * supply,
    holderCount: market.holders.length,
    organicScore: stats?.organicScore ?? null,
    verified: null,
    volumeUsd: stats?.volumeUsd ?? null,
    netVolumeUsd: stats?.netVolumeUsd ?? null,
    numNetBuyers: stats?.numNetBuyers ?? null,
    priceChangePercent: stats?.priceChangePercent ?? null,
    createdAt: null,
  };
}

/** The figure each sort orders by, descending. */
const SORT_KEY: Readonly<Record<SandboxGemSort, (token: GemToken, stats: GemStats | undefined) => number>> = {
  trending: (_token, stats) => stats?.trades ?? 0,
  topTraded: (token) => token.volumeUsd ?? 0,
  organic: (token) => token.organicScore ?? 0,
  popular: (token) => token.holderCount ?? 0,
  new: (token) => token.liquidityUsd ?? 0,
  marketCap: (token) => token.mcapUsd ?? 0,
};

/** Filters with the live rule, orders by the figure the sort stands for (ties: liquidity), and keeps `limit`. */
export function sandboxGems(
  markets: readonly SolanaMintMarket[],
  stats: ReadonlyMap<string, GemStats>,
  sortBy: SandboxGemSort,
  filters: GemFilters,
  limit: number,
): GemToken[] {
  const key = SORT_KEY[sortBy];
  return markets
    .map((market) => ({ token: gemOf(market, stats.get(market.mint)), stats: stats.get(market.mint) }))
    .filter(({ token }) => passesGemFilters(token, filters))
    .sort(
      (a, b) =>
        key(b.token, b.stats) - key(a.token, a.stats) || (b.token.liquidityUsd ?? 0) - (a.token.liquidityUsd ?? 0),
    )
    .slice(0, Math.floor(limit))
    .map(({ token }) => token);
}
