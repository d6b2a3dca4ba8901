import { CHAIN11 } from '@svc/contracts';
import { z } from 'zod';
import { authOf, type ProviderAuth, type X402Offer } from '../provider-auth.js';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

/** The Birdeye Data API key (the mktdata stand-in). */
export const BIRDEYE_SETTING: ProviderSetting = { provider: 'Market data (Birdeye)', setting: 'BIRDEYE_API_KEY' };

const BASE_URL = 'https://public-api.birdeye.so';

/**
 * Birdeye sells the same endpoints per call over x402 under `/x402` on the same host, in USDC on Solana only (`exact`
 * scheme, CDP facilitator): https://docs.birdeye.so/reference/x402 and the 2026-04-16 changelog
 * (https://docs.birdeye.so/changelog/20260408-release-x402-payment-support); `GET /x402/discover` lists the routes.
 */
export const BIRDEYE_X402: X402Offer = { families: ['svm'] };

/** The chains Birdeye serves (its `x-chain` header values): the catalog's CHAIN11 but altchain, which it does not. */
export const BIRDEYE_CHAINS = CHAIN11.exclude(['altchain']).options;
export type BirdeyeChain = (typeof BIRDEYE_CHAINS)[number];

export const isBirdeyeChain = (chain: string): chain is BirdeyeChain =>
  (BIRDEYE_CHAINS as readonly string[]).includes(chain);

// Market figures move by the second; a few seconds of reuse only spares identical concurrent calls.
const MARKET_TTL_MS = 10_000;
// Token metadata (name, symbol, links) changes rarely.
const METADATA_TTL_MS = 10 * 60_000;

const num = z.number().nullish();
const envelope = <S extends z.ZodType>(data: S) => z.object({ success: z.literal(true), data });

// Only the fields we map are checked; Birdeye adds fields freely. Shapes from docs.birdeye.so, checked against the
// recorded answers in fixtures/ (see fixtures/README.md).
const tradeDataWire = envelope(
  z.object({
    address: z.string(),
    price: num,
    holder: num,
    last_trade_unix_time: num,
    price_change_24h_percent: num,
    volume_24h_usd: num,
    volume_buy_24h_usd: num,
    volume_sell_24h_usd: num,
    trade_24h: num,
    buy_24h: num,
    sell_24h: num,
    unique_wallet_24h: num,
  }),
);
const trendingWire = envelope(
  z.object({
    updateUnixTime: z.number(),
    tokens: z.array(
      z.object({
        address: z.string(),
        symbol: z.string().nullish(),
        name: z.string().nullish(),
        decimals: num,
        rank: z.number(),
        price: num,
        liquidity: num,
        volume24hUSD: num,
        marketcap: num,
        price24hChangePercent: num,
      }),
    ),
    total: num,
  }),
);
const searchWire = envelope(
  z.object({
    items: z.array(
      z.object({
        type: z.string(),
        result: z.array(
          z.object({
            address: z.string(),
            name: z.string().nullish(),
            symbol: z.string().nullish(),
            network: z.string(),
            decimals: num,
            price: num,
            liquidity: num,
            market_cap: num,
            volume_24h_usd: num,
            verified: z.boolean().nullish(),
          }),
        ),
      }),
    ),
  }),
);
const metadataWire = envelope(
  z.object({
    address: z.string(),
    name: z.string().nullish(),
    symbol: z.string().nullish(),
    decimals: num,
    logo_uri: z.string().nullish(),
    extensions: z.record(z.string(), z.unknown()).nullish(),
  }),
);

export interface TokenTradeData {
  readonly address: string;
  readonly priceUsd: number | null;
  readonly priceChange24hPercent: number | null;
  readonly volume24hUsd: number | null;
  readonly buyVolume24hUsd: number | null;
  readonly sellVolume24hUsd: number | null;
  readonly trades24h: number | null;
  readonly buys24h: number | null;
  readonly sells24h: number | null;
  readonly uniqueWallets24h: number | null;
  readonly holders: number | null;
  /** ISO time of the last trade, when known. */
  readonly lastTradeAt: string | null;
}

export interface TrendingToken {
  readonly rank: number;
  readonly address: string;
  readonly symbol: string | null;
  readonly name: string | null;
  readonly decimals: number | null;
  readonly priceUsd: number | null;
  readonly priceChange24hPercent: number | null;
  readonly liquidityUsd: number | null;
  readonly volume24hUsd: number | null;
  readonly marketCapUsd: number | null;
}

export interface TrendingPage {
  readonly tokens: readonly TrendingToken[];
  readonly total: number | null;
  readonly updatedAt: string;
}

export interface SearchedToken {
  readonly address: string;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly chain: string;
  readonly decimals: number | null;
  readonly priceUsd: number | null;
  readonly liquidityUsd: number | null;
  readonly marketCapUsd: number | null;
  readonly volume24hUsd: number | null;
  readonly verified: boolean | null;
}

export interface TokenMetadata {
  readonly address: string;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  readonly logoUri: string | null;
  /** Links and ids Birdeye knows (website, twitter, coingecko_id, description, …), as it names them. */
  readonly links: Readonly<Record<string, string>>;
}

export interface TrendingRequest {
  readonly sortType: 'asc' | 'desc';
  readonly offset: number;
  readonly limit: number;
}

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;
const isoOfUnix = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * Birdeye's Data API (`https://public-api.birdeye.so`, header `x-chain`): with the `X-API-KEY` header, or paid per call
 * at the same paths under `/x402`.
 */
export class BirdeyeClient {
  constructor(
    private readonly auth: ProviderAuth,
    private readonly baseUrl = BASE_URL,
  ) {}

  /** `GET /defi/v3/token/trade-data/single?address=`: one token's price, volume and trade counts over 24 h. */
  async tradeData(chain: BirdeyeChain, address: string): Promise<TokenTradeData> {
    const { data } = await this.#get(chain, '/defi/v3/token/trade-data/single', { address }, tradeDataWire, {
      what: 'trade data',
      cacheTtlMs: MARKET_TTL_MS,
    });
    return {
      address: data.address,
      priceUsd: orNull(data.price),
      priceChange24hPercent: orNull(data.price_change_24h_percent),
      volume24hUsd: orNull(data.volume_24h_usd),
      buyVolume24hUsd: orNull(data.volume_buy_24h_usd),
      sellVolume24hUsd: orNull(data.volume_sell_24h_usd),
      trades24h: orNull(data.trade_24h),
      buys24h: orNull(data.buy_24h),
      sells24h: orNull(data.sell_24h),
      uniqueWallets24h: orNull(data.unique_wallet_24h),
      holders: orNull(data.holder),
      lastTradeAt: data.last_trade_unix_time ? isoOfUnix(data.last_trade_unix_time) : null,
    };
  }

  /** `GET /defi/token_trending?sort_by=rank&sort_type=&offset=&limit=`. */
  async trending(chain: BirdeyeChain, request: TrendingRequest): Promise<TrendingPage> {
    const query = {
      sort_by: 'rank',
      sort_type: request.sortType,
      offset: String(request.offset),
      limit: String(request.limit),
    };
    const { data } = await this.#get(chain, '/defi/token_trending', query, trendingWire, {
      what: 'trending',
      cacheTtlMs: MARKET_TTL_MS,
    });
    return {
      tokens: data.tokens.map((token) => ({
        rank: token.rank,
        address: token.address,
        symbol: orNull(token.symbol),
        name: orNull(token.name),
        decimals: orNull(token.decimals),
        priceUsd: orNull(token.price),
        priceChange24hPercent: orNull(token.price24hChangePercent),
        liquidityUsd: orNull(token.liquidity),
        volume24hUsd: orNull(token.volume24hUSD),
        marketCapUsd: orNull(token.marketcap),
      })),
      total: orNull(data.total),
      updatedAt: isoOfUnix(data.updateUnixTime),
    };
  }

  /** `GET /defi/v3/search?chain=&keyword=&target=token&sort_by=volume_24h_usd&sort_type=desc`: tokens only. */
  async searchTokens(chain: BirdeyeChain, keyword: string): Promise<SearchedToken[]> {
    const query = {
      chain,
      keyword,
      target: 'token',
      sort_by: 'volume_24h_usd',
      sort_type: 'desc',
      offset: '0',
      limit: '20',
    };
    const { data } = await this.#get(chain, '/defi/v3/search', query, searchWire, {
      what: 'search',
      cacheTtlMs: MARKET_TTL_MS,
    });
    return data.items
      .filter((item) => item.type === 'token')
      .flatMap((item) => item.result)
      .map((token) => ({
        address: token.address,
        name: orNull(token.name),
        symbol: orNull(token.symbol),
        chain: token.network,
        decimals: orNull(token.decimals),
        priceUsd: orNull(token.price),
        liquidityUsd: orNull(token.liquidity),
        marketCapUsd: orNull(token.market_cap),
        volume24hUsd: orNull(token.volume_24h_usd),
        verified: orNull(token.verified),
      }));
  }

  /** `GET /defi/v3/token/meta-data/single?address=`. */
  async metadata(chain: BirdeyeChain, address: string): Promise<TokenMetadata> {
    const { data } = await this.#get(chain, '/defi/v3/token/meta-data/single', { address }, metadataWire, {
      what: 'token metadata',
      cacheTtlMs: METADATA_TTL_MS,
    });
    const links = Object.fromEntries(
      Object.entries(data.extensions ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    return {
      address: data.address,
      name: orNull(data.name),
      symbol: orNull(data.symbol),
      decimals: orNull(data.decimals),
      logoUri: orNull(data.logo_uri),
      links,
    };
  }

  #get<S extends z.ZodType>(
    chain: BirdeyeChain,
    path: string,
    query: Record<string, string>,
    schema: S,
    options: { what: string; cacheTtlMs: number },
  ) {
    const url = new URL(`${this.baseUrl}${this.auth.kind === 'x402' ? '/x402' : ''}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const auth = authOf(this.auth, 'X-API-KEY');
    return upstreamJson(upstreamClient('birdeye'), {
      url,
      ...auth,
      headers: { ...auth.headers, 'x-chain': chain },
      schema,
      ...options,
    });
  }
}
