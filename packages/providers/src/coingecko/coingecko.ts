import { ServiceError } from '@svc/contracts';
import { z } from 'zod';
import { authOf, type ProviderAuth, type X402Offer } from '../provider-auth.js';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

/** The CoinGecko API key; COINGECKO_API_PLAN says whether it is a Demo or a Pro key. */
export const COINGECKO_SETTING: ProviderSetting = { provider: 'Coin prices (CoinGecko)', setting: 'COINGECKO_API_KEY' };

export type CoinGeckoPlan = 'demo' | 'pro';

/** Demo and Pro keys live on different hosts and send different headers (docs.coingecko.com, "Authentication"). */
const PLANS: Record<CoinGeckoPlan, { readonly base: string; readonly header: string }> = {
  demo: { base: 'https://api.coingecko.com/api/v3', header: 'x-cg-demo-api-key' },
  pro: { base: 'https://pro-api.coingecko.com/api/v3', header: 'x-cg-pro-api-key' },
};

/**
 * CoinGecko sells a few endpoints per call over x402 (experimental), in USDC on Base or Solana, $0.01 a call: the Pro
 * API's paths with `/x402` after `/v3`, no key header (https://docs.coingecko.com/docs/x402,
 * https://docs.coingecko.com/ai-integration/x402). Of ours only `/simple/price` is among them: trending and search
 * still need a key.
 */
export const COINGECKO_X402: X402Offer = { families: ['evm', 'svm'] };
const X402_BASE = 'https://pro-api.coingecko.com/api/v3/x402';

/** What each of our calls reads, and whether CoinGecko sells it over x402. */
const OPERATIONS = {
  trending: { path: '/search/trending', x402: false },
  search: { path: '/search', x402: false },
  price: { path: '/simple/price', x402: true },
} as const;
export type CoinGeckoOperation = keyof typeof OPERATIONS;

// CoinGecko refreshes trending every 10 minutes and prices every 20-60 s depending on the plan.
const TRENDING_TTL_MS = 5 * 60_000;
const PRICE_TTL_MS = 20_000;
const SEARCH_TTL_MS = 10 * 60_000;

const trendingWire = z.object({
  coins: z.array(
    z.object({
      item: z.object({
        id: z.string(),
        name: z.string(),
        symbol: z.string(),
        market_cap_rank: z.number().nullish(),
        score: z.number(),
        data: z
          .object({
            price: z.number().nullish(),
            price_change_percentage_24h: z.record(z.string(), z.number()).nullish(),
            market_cap: z.string().nullish(),
            total_volume: z.string().nullish(),
          })
          .nullish(),
      }),
    }),
  ),
});
const searchWire = z.object({
  coins: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      market_cap_rank: z.number().nullish(),
    }),
  ),
});
const priceWire = z.record(z.string(), z.object({ usd: z.number(), usd_24h_change: z.number().nullish() }));

export interface TrendingCoin {
  /** CoinGecko's trending position, 0 first. */
  readonly score: number;
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly marketCapRank: number | null;
  readonly priceUsd: number | null;
  readonly priceChange24hPercent: number | null;
  /** As CoinGecko formats it, e.g. "$1,234,567". */
  readonly marketCap: string | null;
  readonly totalVolume: string | null;
}

export interface CoinMatch {
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly marketCapRank: number | null;
}

export interface CoinPrice {
  readonly id: string;
  readonly priceUsd: number;
  readonly change24hPercent: number | null;
}

/** CoinGecko's public API with a Demo or Pro key, or its x402 endpoints paid per call. */
export class CoinGeckoClient {
  readonly #plan: (typeof PLANS)[CoinGeckoPlan];

  constructor(
    private readonly auth: ProviderAuth,
    plan: CoinGeckoPlan,
  ) {
    this.#plan = PLANS[plan];
  }

  /**
   * Refuses, before the caller is charged, a call this client cannot make: one CoinGecko does not sell over x402
   * when it pays per call. 503 naming the key setting.
   */
  assertServes(operation: CoinGeckoOperation): void {
    if (this.auth.kind === 'key' || OPERATIONS[operation].x402) return;
    throw new ServiceError(
      'not_configured',
      `${COINGECKO_SETTING.provider}: ${OPERATIONS[operation].path} is not sold per call over x402, only with a key: ` +
        `set ${COINGECKO_SETTING.setting}.`,
      { extra: { setting: COINGECKO_SETTING.setting } },
    );
  }

  /** `GET /search/trending`: the coins searched most in the last 24 hours. */
  async trending(): Promise<TrendingCoin[]> {
    const body = await this.#get('trending', {}, trendingWire, TRENDING_TTL_MS);
    return body.coins.map(({ item }) => ({
      score: item.score,
      id: item.id,
      name: item.name,
      symbol: item.symbol,
      marketCapRank: item.market_cap_rank ?? null,
      priceUsd: item.data?.price ?? null,
      priceChange24hPercent: item.data?.price_change_percentage_24h?.usd ?? null,
      marketCap: item.data?.market_cap ?? null,
      totalVolume: item.data?.total_volume ?? null,
    }));
  }

  /** `GET /search?query=`: coins whose name or symbol matches, best match first. */
  async search(query: string): Promise<CoinMatch[]> {
    const body = await this.#get('search', { query }, searchWire, SEARCH_TTL_MS);
    return body.coins.map((coin) => ({
      id: coin.id,
      name: coin.name,
      symbol: coin.symbol,
      marketCapRank: coin.market_cap_rank ?? null,
    }));
  }

  /** `GET /simple/price?ids=&vs_currencies=usd&include_24hr_change=true`: undefined when CoinGecko has no such coin. */
  async price(coinId: string): Promise<CoinPrice | undefined> {
    const query = { ids: coinId, vs_currencies: 'usd', include_24hr_change: 'true' };
    const body = await this.#get('price', query, priceWire, PRICE_TTL_MS);
    const quote = body[coinId];
    return quote && { id: coinId, priceUsd: quote.usd, change24hPercent: quote.usd_24h_change ?? null };
  }

  #get<S extends z.ZodType>(
    operation: CoinGeckoOperation,
    query: Record<string, string>,
    schema: S,
    cacheTtlMs: number,
  ) {
    this.assertServes(operation);
    const url = new URL(`${this.auth.kind === 'x402' ? X402_BASE : this.#plan.base}${OPERATIONS[operation].path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return upstreamJson(upstreamClient('coingecko'), {
      url,
      ...authOf(this.auth, this.#plan.header),
      schema,
      what: operation === 'price' ? 'simple price' : operation,
      cacheTtlMs,
    });
  }
}
