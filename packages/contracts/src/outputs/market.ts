import { z } from 'zod';
import { TIMESTAMP } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

// Each schema is the handler's scope fields around the provider mapper's result (packages/providers), as its
// fixture-based tests map it; the sandbox answers the same shapes from the sandbox market's indexer.

const amount = z.number().nullable();
const text = z.string().nullable();
/** A provider's row, with its fields as the provider names them per endpoint (Nansen). */
const row = z.record(z.string(), z.unknown());

const trendingToken = z.object({
  rank: z.number(),
  address: z.string(),
  symbol: text,
  name: text,
  decimals: amount,
  priceUsd: amount,
  priceChange24hPercent: amount,
  liquidityUsd: amount,
  volume24hUsd: amount,
  marketCapUsd: amount,
});

const searchedToken = z.object({
  address: z.string(),
  name: text,
  symbol: text,
  chain: z.string(),
  decimals: amount,
  priceUsd: amount,
  liquidityUsd: amount,
  marketCapUsd: amount,
  volume24hUsd: amount,
  verified: z.boolean().nullable(),
});

const coinMatch = { id: z.string(), name: z.string(), symbol: z.string(), marketCapRank: amount };

const gemToken = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number(),
  priceUsd: amount,
  liquidityUsd: amount,
  mcapUsd: amount,
  holderCount: amount,
  organicScore: amount,
  // Null in sandbox, like organicScore and the volume fields: no token list or indexer says it there.
  verified: z.boolean().nullable(),
  volumeUsd: amount,
  netVolumeUsd: amount,
  numNetBuyers: amount,
  priceChangePercent: amount,
  createdAt: text,
});

/** Sandbox only: what the answer is computed from, or why it is empty (a chain the sandbox does not run). */
const sandboxNote = { note: z.string().optional() };

/** One page of Nansen rows after the request's scope fields. */
const nansenPage = <Scope extends z.ZodRawShape>(scope: Scope) =>
  z.object({ ...scope, rows: z.array(row), page: z.number(), isLastPage: z.boolean().nullable(), ...sandboxNote });
const chain = { chain: z.string() };
const dateRange = { date_from: z.string(), date_to: z.string() };
const labelType = z.enum(['smart_money', 'all_traders']);

/**
 * The market-data (Birdeye), coin (CoinGecko), analytics (Nansen), risk (RugCheck), gems (Jupiter), web search
 * (Tavily) and crawl (Firecrawl) tools.
 */
export const MARKET_OUTPUTS: ToolOutputs = {
  mktdataTradeData: z.object({
    chain: z.string(),
    address: z.string(),
    priceUsd: amount,
    priceChange24hPercent: amount,
    volume24hUsd: amount,
    buyVolume24hUsd: amount,
    sellVolume24hUsd: amount,
    trades24h: amount,
    buys24h: amount,
    sells24h: amount,
    uniqueWallets24h: amount,
    holders: amount,
    lastTradeAt: text,
    ...sandboxNote,
  }),
  mktdataTrendingTokens: z.object({
    chain: z.string(),
    sortBy: z.literal('rank'),
    tokens: z.array(trendingToken),
    total: amount,
    updatedAt: TIMESTAMP,
    ...sandboxNote,
  }),
  searchEvmTokensMktdata: z.object({
    chainId: z.number().int(),
    chain: z.string(),
    tokens: z.array(searchedToken),
    ...sandboxNote,
  }),
  tokenMetadataInfo: z.object({
    network: z.string(),
    address: z.string(),
    name: text,
    symbol: text,
    decimals: amount,
    logoUri: text,
    links: z.record(z.string(), z.string()),
    ...sandboxNote,
  }),
  getTrendingCoins: z.object({
    coins: z.array(
      z.object({
        score: z.number(),
        ...coinMatch,
        priceUsd: amount,
        priceChange24hPercent: amount,
        marketCap: text,
        totalVolume: text,
      }),
    ),
    ...sandboxNote,
  }),
  searchCryptoByName: z.object({ query: z.string(), coins: z.array(z.object(coinMatch)), ...sandboxNote }),
  getCryptoPrice: z.object({
    coinId: z.string(),
    coingeckoId: z.string(),
    priceUsd: z.number(),
    change24hPercent: amount,
    ...sandboxNote,
  }),
  intel_smart_money_holdings: nansenPage(chain),
  intel_smart_money_flows: nansenPage(chain),
  intel_smart_money_trades: nansenPage(chain),
  intel_pnl_leaderboard: nansenPage({ ...chain, token_address: z.string(), ...dateRange }),
  intel_who_bought_sold: nansenPage({ ...chain, token_address: z.string(), label_type: labelType }),
  intel_wallet_profiler: nansenPage({ ...chain, wallet_address: z.string(), ...dateRange }),
  intel_perp_positions: nansenPage({ token_symbol: z.string(), label_type: labelType }),
  intel_defi_portfolio: z.object({
    ...chain,
    wallet_address: z.string(),
    // Nansen's portfolio totals, as it names them; null when it gave none.
    summary: z.unknown().nullable(),
    protocols: z.array(row),
    ...sandboxNote,
  }),
  intel_token_screener: nansenPage({
    chains: z.array(z.string()),
    timeframe: z.string(),
    smart_money_only: z.boolean(),
  }),
  riskcheckToken: z.object({
    mint: z.string(),
    name: text,
    symbol: text,
    score_normalised: z.number(),
    risks: z.array(z.object({ name: z.string(), value: text, description: text, level: text })),
    mintAuthority: text,
    freezeAuthority: text,
    creator: text,
    topHolders: z.array(z.object({ address: z.string(), percent: z.number(), insider: z.boolean() })),
    totalHolders: amount,
    totalLiquidityUsd: amount,
    rugged: z.boolean().nullable(),
  }),
  findSolanaGems: z.object({
    category: z.enum(['tokens', 'stocks']),
    // Only for category tokens: stocks are not sorted.
    sortBy: z.enum(['trending', 'popular', 'topTraded', 'organic', 'new']).optional(),
    timeframe: z.enum(['5m', '1h', '6h', '24h']),
    tokens: z.array(gemToken),
    // Sandbox only: which fields the ledger cannot give (null) and what the order follows.
    note: z.string().optional(),
  }),
  websearch: z.object({
    query: z.string(),
    results: z.array(
      z.object({ title: z.string(), url: z.string(), snippet: z.string(), score: z.number(), publishedAt: text }),
    ),
  }),
  crawlExtract: z.object({
    urls: z.array(z.string()),
    prompt: text,
    // Firecrawl's extract job; null in sandbox, which fetches the local web's pages itself (no job).
    jobId: z.string().nullable(),
    // What Firecrawl extracted, structured by the prompt: its shape is the prompt's (sandbox: the fetched pages).
    data: z.unknown(),
    // Sandbox only: says prompt-driven extraction is live-only.
    note: z.string().optional(),
  }),
};
