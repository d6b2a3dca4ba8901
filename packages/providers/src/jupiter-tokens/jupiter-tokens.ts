import { z } from 'zod';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

const DEFAULT_BASE_URL = 'https://api.jup.ag';
// Category lists are recomputed by Jupiter every few minutes.
const LIST_TTL_MS = 60_000;
/** Jupiter's largest category page; filters apply to it, so a bigger pool leaves more after filtering. */
const POOL_SIZE = 100;

export type GemTimeframe = '5m' | '1h' | '6h' | '24h';
export type GemSort = 'trending' | 'popular' | 'topTraded' | 'organic' | 'new';

const num = z.number().nullish();
const statsWire = z
  .object({
    priceChange: num,
    buyVolume: num,
    sellVolume: num,
    numBuys: num,
    numSells: num,
    numTraders: num,
    numNetBuyers: num,
  })
  .nullish();
const tokensWire = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    decimals: z.number(),
    usdPrice: num,
    liquidity: num,
    mcap: num,
    fdv: num,
    holderCount: num,
    organicScore: num,
    organicScoreLabel: z.string().nullish(),
    isVerified: z.boolean().nullish(),
    tags: z.array(z.string()).nullish(),
    firstPool: z.object({ createdAt: z.string() }).nullish(),
    stats5m: statsWire,
    stats1h: statsWire,
    stats6h: statsWire,
    stats24h: statsWire,
  }),
);

/** One token as findSolanaGems shows it: the live list's fields and the same fields computed in sandbox. */
export interface GemToken {
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
  readonly priceUsd: number | null;
  readonly liquidityUsd: number | null;
  readonly mcapUsd: number | null;
  readonly holderCount: number | null;
  /** Jupiter's organic score (0-100: trading by real wallets, not bots); null where not computed. */
  readonly organicScore: number | null;
  /** Jupiter's verified flag; null where no token list says (sandbox). */
  readonly verified: boolean | null;
  /** Over the requested timeframe. */
  readonly volumeUsd: number | null;
  /** Buy volume minus sell volume over the timeframe. */
  readonly netVolumeUsd: number | null;
  readonly numNetBuyers: number | null;
  readonly priceChangePercent: number | null;
  readonly createdAt: string | null;
}

/** Which Jupiter list each sort reads; `popular` is the verified list ranked by holders here (Jupiter has no such list). */
const LIST_OF: Record<GemSort, (timeframe: GemTimeframe) => { path: string; query: Record<string, string> }> = {
  trending: (tf) => ({ path: `/tokens/v2/toptrending/${tf}`, query: { limit: String(POOL_SIZE) } }),
  topTraded: (tf) => ({ path: `/tokens/v2/toptraded/${tf}`, query: { limit: String(POOL_SIZE) } }),
  organic: (tf) => ({ path: `/tokens/v2/toporganicscore/${tf}`, query: { limit: String(POOL_SIZE) } }),
  new: () => ({ path: '/tokens/v2/recent', query: {} }),
  popular: () => ({ path: '/tokens/v2/tag', query: { query: 'verified' } }),
};

/** Jupiter Tokens API v2 (`x-api-key`): category lists of Solana tokens with market stats. */
export class JupiterTokensClient {
  readonly #base: string;

  constructor(
    private readonly apiKey: string,
    baseUrl: string = DEFAULT_BASE_URL,
  ) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  /** The list a sort names, in Jupiter's order (popular: by holders, most first). */
  async tokens(sort: GemSort, timeframe: GemTimeframe): Promise<GemToken[]> {
    const { path, query } = LIST_OF[sort](timeframe);
    const tokens = await this.#list(path, query, timeframe);
    return sort === 'popular' ? tokens.sort((a, b) => (b.holderCount ?? 0) - (a.holderCount ?? 0)) : tokens;
  }

  /** Tokenized stocks (`tag=stocks`), largest market cap first. */
  async stocks(timeframe: GemTimeframe): Promise<GemToken[]> {
    const tokens = await this.#list('/tokens/v2/tag', { query: 'stocks' }, timeframe);
    return tokens.sort((a, b) => (b.mcapUsd ?? 0) - (a.mcapUsd ?? 0));
  }

  async #list(path: string, query: Record<string, string>, timeframe: GemTimeframe): Promise<GemToken[]> {
    const url = new URL(`${this.#base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const tokens = await upstreamJson(upstreamClient('jupiter'), {
      url,
      headers: { 'x-api-key': this.apiKey },
      schema: tokensWire,
      what: 'token list',
      cacheTtlMs: LIST_TTL_MS,
    });
    const statsKey = `stats${timeframe}` as const;
    return tokens.map((token) => {
      const stats = token[statsKey];
      const buys = stats?.buyVolume;
      const sells = stats?.sellVolume;
      const known = typeof buys === 'number' && typeof sells === 'number';
      return {
        mint: token.id,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        priceUsd: token.usdPrice ?? null,
        liquidityUsd: token.liquidity ?? null,
        mcapUsd: token.mcap ?? null,
        holderCount: token.holderCount ?? null,
        organicScore: token.organicScore ?? null,
        verified: token.isVerified ?? false,
        volumeUsd: known ? buys + sells : null,
        netVolumeUsd: known ? buys - sells : null,
        numNetBuyers: stats?.numNetBuyers ?? null,
        priceChangePercent: stats?.priceChange ?? null,
        createdAt: token.firstPool?.createdAt ?? null,
      };
    });
  }
}
