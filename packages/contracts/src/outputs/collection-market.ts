import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The collection and BRC-20 market tools answered from marketplace data: Magic Eden's collection stats, and the
 * ranked lists (Magic Eden's collection rankings, UniSat's BRC-20 marketplace figures live; the sandbox chain's
 * marketplace sales in sandbox mode). The ranked lists follow the rune top lists' style (rune-market.ts).
 * getCollectionMarketInfo is Ordiscan's body (ordinals.ts).
 */

/** One collection of a top list: floor, market cap and the last 24 hours' volume in BTC and USD. */
const rankedCollection = z.object({
  rank: z.number().int().min(1),
  /** The marketplace symbol (Magic Eden's `collectionSymbol`; the collection's slug in sandbox). */
  symbol: z.string(),
  name: z.string(),
  /** The lowest ask in BTC (Magic Eden's `fp`; the lowest valid ask on the sandbox order book, 0 while none). */
  floorPriceBtc: z.number(),
  floorPriceUsd: z.number(),
  /** The floor times the supply, in BTC. */
  marketCapBtc: z.number(),
  marketCapUsd: z.number(),
  volume24hBtc: z.number(),
  volume24hUsd: z.number(),
  sales24h: z.number().int(),
  /** Items in the collection, and the addresses holding them. */
  supply: z.number().int(),
  owners: z.number().int(),
});

const topCollections = z.object({
  collections: z.array(rankedCollection),
  /** The BTC price in USD the USD figures use. */
  btcUsd: z.number(),
});

/** One BRC-20 token of a top list: price per whole token, market cap (price x minted supply), last 24 hours' volume. */
const rankedBrc20 = z.object({
  rank: z.number().int().min(1),
  /** The ticker as deployed. */
  tick: z.string(),
  /** Sats per whole token (the last sale's price / the transfer's amount in sandbox; UniSat's `curPrice` live). */
  priceSats: z.number(),
  priceUsd: z.number(),
  marketCapBtc: z.number(),
  marketCapUsd: z.number(),
  volume24hBtc: z.number(),
  volume24hUsd: z.number(),
  /** Sales in the last 24 hours; null when the source counts none (UniSat gives the tokens traded instead). */
  sales24h: z.number().int().nullable(),
});

const topBrc20 = z.object({
  tokens: z.array(rankedBrc20),
  /** The BTC price in USD the USD figures (and the min filters) use. */
  btcUsd: z.number(),
});

export const COLLECTION_MARKET_OUTPUTS: ToolOutputs = {
  // Magic Eden's GET /v2/ord/btc/stat?collectionSymbol body: numbers as strings, prices and volume in sats.
  getCollectionVolume: z.object({
    symbol: z.string(),
    totalVolume: z.string(),
    floorPrice: z.string(),
    owners: z.string(),
    supply: z.string(),
    totalListed: z.string(),
    pendingTransactions: z.string(),
  }),
  getTopCollectionsByVolume: topCollections,
  getTopCollectionsByFloor: topCollections,
  getTopBRC20ByMarketCap: topBrc20,
  getTopBRC20ByVolume: topBrc20,
};
