// findSolanaGems in sandbox: the seeded Solana mints as the ledger and the swap venue's pools give them.
import { type GemFilters, type GemToken, passesGemFilters } from '@svc/providers';
import type { SolanaMintMarket } from '../ports/solana-mints.js';

/** The tokens category's sorts, and marketCap for the stocks category. */
export type SandboxGemSort = 'trending' | 'popular' | 'topTraded' | 'organic' | 'new' | 'marketCap';

export const SANDBOX_GEMS_NOTE =
  'Sandbox: holderCount (non-empty token accounts), priceUsd and liquidityUsd (the sandbox swap venue pools), and ' +
  'mcapUsd (price x supply) are computed from the sandbox Solana ledger; organicScore, verified, volumeUsd, ' +
  'netVolumeUsd, numNetBuyers, priceChangePercent and createdAt need an indexer and are null, so a min/max filter ' +
  'on them excludes every token. sortBy popular orders by holderCount; the other sorts need trading history and ' +
  'order by liquidityUsd. The stocks category lists the sandbox tokenized-stock mints (TSLAx, NVDAx) by mcapUsd.';

/** A seeded mint as a gem row: computed fields from chain state, the rest null (never invented). */
export function gemOf(market: SolanaMintMarket): GemToken {
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
    organicScore: null,
    verified: null,
    volumeUsd: null,
    netVolumeUsd: null,
    numNetBuyers: null,
    priceChangePercent: null,
    createdAt: null,
  };
}

/** Filters with the live rule, orders by the computed field the sort stands for, descending, and keeps `limit`. */
export function sandboxGems(
  markets: readonly SolanaMintMarket[],
  sortBy: SandboxGemSort,
  filters: GemFilters,
  limit: number,
): GemToken[] {
  const key = sortBy === 'popular' ? 'holderCount' : sortBy === 'marketCap' ? 'mcapUsd' : 'liquidityUsd';
  return markets
    .map(gemOf)
    .filter((token) => passesGemFilters(token, filters))
    .sort((a, b) => (b[key] ?? 0) - (a[key] ?? 0))
    .slice(0, Math.floor(limit));
}
