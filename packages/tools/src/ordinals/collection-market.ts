import { MAGIC_EDEN_SETTING, type MagicEdenCollectionStat, ORDISCAN_SETTING } from '@svc/providers';
import type { Handler, HandlerContext } from '../handler.js';
import { notFound, ordinalsIndexOf, ordiscanOf } from './ordinals-index.js';
import { btcUsdOf, nowSeconds } from './market-figures.js';
import { collectionMarkets, type SandboxCollectionMarket } from './sandbox-collection-market.js';
import { SATS_PER_BTC } from './sandbox-rune-market.js';

/** Every sandbox collection's market, from the ordinals index's collections, sales, asks and inscriptions. */
async function sandboxMarkets(context: HandlerContext, tool: string): Promise<SandboxCollectionMarket[]> {
  const index = ordinalsIndexOf(context, tool);
  const [collections, sales, asks, inscriptions] = await Promise.all([
    index.collections(),
    index.inscriptionSales(),
    index.asks(),
    index.inscriptions(),
  ]);
  return collectionMarkets(collections, sales, asks, inscriptions, nowSeconds());
}

/** One sandbox collection's market by slug (any case: slugs are lower case). */
async function sandboxMarket(context: HandlerContext, tool: string, slug: string): Promise<SandboxCollectionMarket> {
  const market = (await sandboxMarkets(context, tool)).find((known) => known.collection.slug === slug.toLowerCase());
  if (!market) throw notFound(`Collection ${slug}`);
  return market;
}

/**
 * Output: Ordiscan's `{ data: { floor_price_in_sats, floor_price_in_usd, market_cap_in_btc, market_cap_in_usd } }`.
 * Sandbox: the floor is the lowest valid ask of its items on the marketplace's order book (sandbox-collection-market.ts),
 * the market cap the floor times the items, BTC/USD from the sandbox market; 0 while none is listed.
 */
export const getCollectionMarketInfo: Handler<'getCollectionMarketInfo'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.collectionMarket(input.slug.toLowerCase());
  const market = await sandboxMarket(context, 'getCollectionMarketInfo', input.slug);
  const btcUsd = await btcUsdOf(context, 'getCollectionMarketInfo', ORDISCAN_SETTING, false);
  return {
    data: {
      floor_price_in_sats: market.floorSats,
      floor_price_in_usd: (market.floorSats / SATS_PER_BTC) * btcUsd,
      market_cap_in_btc: market.marketCapBtc,
      market_cap_in_usd: market.marketCapBtc * btcUsd,
    },
  };
};

/**
 * Output: Magic Eden's collection stats (`{ symbol, totalVolume, floorPrice, owners, supply, totalListed,
 * pendingTransactions, inscriptionNumberMin, inscriptionNumberMax }`, numbers as strings, sats). Sandbox: the symbol is
 * the collection's slug; every sale of its items makes the total volume; its items' resting asks are the listed ones
 * and the floor the lowest; the ledger mines at once, so nothing is pending.
 */
export const getCollectionVolume: Handler<'getCollectionVolume'> = async (input, context) => {
  const magicEden = context.providers.magicEden;
  if (magicEden) return magicEden.collectionStats(input.collectionSymbol);
  const market = await sandboxMarket(context, 'getCollectionVolume', input.collectionSymbol);
  return {
    symbol: market.collection.slug,
    totalVolume: String(market.totalVolumeSats),
    floorPrice: String(market.floorSats),
    owners: String(market.owners),
    supply: String(market.supply),
    totalListed: String(market.listed),
    pendingTransactions: '0',
    inscriptionNumberMin: market.inscriptionNumberMin === null ? null : String(market.inscriptionNumberMin),
    inscriptionNumberMax: market.inscriptionNumberMax === null ? null : String(market.inscriptionNumberMax),
  };
};

/** What ranks collections: the last day's volume or the floor. */
interface Ranking {
  readonly tool: 'getTopCollectionsByVolume' | 'getTopCollectionsByFloor';
  readonly by: 'volume' | 'floorPrice';
  readonly limit: number;
}

/** A ranked collection before its rank and USD figures, in BTC. */
interface CollectionFigures {
  readonly symbol: string;
  readonly name: string;
  readonly floorPriceBtc: number;
  readonly marketCapBtc: number;
  readonly volume24hBtc: number;
  readonly sales24h: number;
  readonly supply: number;
  readonly owners: number;
}

const fromMagicEden = (stat: MagicEdenCollectionStat): CollectionFigures => ({
  symbol: stat.collectionSymbol,
  name: stat.name,
  floorPriceBtc: stat.fp,
  marketCapBtc: stat.marketCap,
  volume24hBtc: stat.vol,
  sales24h: stat.txns,
  supply: stat.totalSupply,
  owners: stat.ownerCount,
});

const fromSandbox = (market: SandboxCollectionMarket): CollectionFigures => ({
  symbol: market.collection.slug,
  name: market.collection.name,
  floorPriceBtc: market.floorSats / SATS_PER_BTC,
  marketCapBtc: market.marketCapBtc,
  volume24hBtc: market.volume24hSats / SATS_PER_BTC,
  sales24h: market.sales24h,
  supply: market.supply,
  owners: market.owners,
});

/**
 * Output: `{ collections: [{ rank, symbol, name, floorPriceBtc, floorPriceUsd, marketCapBtc, marketCapUsd,
 * volume24hBtc, volume24hUsd, sales24h, supply, owners }], btcUsd }`, highest first, at most `limit`. Live: Magic
 * Eden's ordinals collection rankings over the last day (already ordered by the same figure); sandbox: every sandbox
 * collection from the marketplace's sales.
 */
async function topCollections(context: HandlerContext, { tool, by, limit }: Ranking) {
  const magicEden = context.providers.magicEden;
  // The price first: without it there is no answer, and Magic Eden's quota is not spent.
  const btcUsd = await btcUsdOf(context, tool, MAGIC_EDEN_SETTING, magicEden !== undefined);
  const figures = magicEden
    ? (await magicEden.topCollections(by, Math.floor(limit))).map(fromMagicEden)
    : (await sandboxMarkets(context, tool)).map(fromSandbox);
  const collections = [...figures]
    // Stable: ties keep the source's order (oldest parent first in sandbox).
    .sort((a, b) => (by === 'volume' ? b.volume24hBtc - a.volume24hBtc : b.floorPriceBtc - a.floorPriceBtc))
    .slice(0, limit)
    .map((collection, index) => ({
      rank: index + 1,
      ...collection,
      floorPriceUsd: collection.floorPriceBtc * btcUsd,
      marketCapUsd: collection.marketCapBtc * btcUsd,
      volume24hUsd: collection.volume24hBtc * btcUsd,
    }));
  return { collections, btcUsd };
}

export const getTopCollectionsByVolume: Handler<'getTopCollectionsByVolume'> = (input, context) =>
  topCollections(context, { tool: 'getTopCollectionsByVolume', by: 'volume', limit: input.limit });

export const getTopCollectionsByFloor: Handler<'getTopCollectionsByFloor'> = (input, context) =>
  topCollections(context, { tool: 'getTopCollectionsByFloor', by: 'floorPrice', limit: input.limit });
