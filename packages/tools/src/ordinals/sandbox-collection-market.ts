// The collection market the sandbox chain's marketplace makes: floors from the resting asks of the marketplace's order
// book, volumes from the ordinals index's inscription sales of each collection's items (the simulated traders' and
// anyone's SINGLE|ANYONECANPAY sales), market caps from both, owners from where the items are now.
import type { IndexedInscriptionView, InscriptionSale, MarketAsk, OrdinalsCollection } from '../ports/bitcoin-index.js';
import { MARKET_WINDOWS, SATS_PER_BTC } from './sandbox-rune-market.js';

export interface SandboxCollectionMarket {
  readonly collection: OrdinalsCollection;
  /** The lowest valid ask of one of its items on the order book; 0 when none is listed. */
  readonly floorSats: number;
  /** Its items with a valid ask resting on the book. */
  readonly listed: number;
  /** The floor times the items, in BTC. */
  readonly marketCapBtc: number;
  /** Sats traded and sales, over the last 24 hours and in all. */
  readonly volume24hSats: number;
  readonly sales24h: number;
  readonly totalVolumeSats: number;
  readonly totalSales: number;
  /** Items, and the addresses holding them now. */
  readonly supply: number;
  readonly owners: number;
  /** The items' inscription numbers; null for a collection without items. */
  readonly inscriptionNumberMin: number | null;
  readonly inscriptionNumberMax: number | null;
}

const sum = (sales: readonly InscriptionSale[]) => sales.reduce((total, sale) => total + Number(sale.priceSats), 0);

/**
 * Every collection's market, oldest parent first, from its items' asks and sales (an ask or sale of anything else, or
 * of an output carrying more than one inscription, counts nowhere).
 */
export function collectionMarkets(
  collections: readonly OrdinalsCollection[],
  sales: readonly InscriptionSale[],
  asks: readonly MarketAsk[],
  inscriptions: readonly IndexedInscriptionView[],
  nowSeconds: number,
): SandboxCollectionMarket[] {
  const byId = new Map(inscriptions.map((inscription) => [inscription.id, inscription]));
  return collections.map((collection) => {
    const items = new Set(collection.items);
    const own = sales.filter((sale) => items.has(sale.inscriptionId));
    const recent = own.filter((sale) => sale.time > nowSeconds - MARKET_WINDOWS['24h']);
    const views = collection.items.flatMap((id) => byId.get(id) ?? []);
    const numbers = views.map((view) => view.number);
    const ownAsks = asks.filter((ask) => ask.inscriptions.length === 1 && items.has(ask.inscriptions[0]!));
    const floorSats = ownAsks.length > 0 ? Math.min(...ownAsks.map((ask) => Number(ask.priceSats))) : 0;
    return {
      collection,
      floorSats,
      listed: ownAsks.length,
      marketCapBtc: (floorSats * collection.items.length) / SATS_PER_BTC,
      volume24hSats: sum(recent),
      sales24h: recent.length,
      totalVolumeSats: sum(own),
      totalSales: own.length,
      supply: collection.items.length,
      owners: new Set(views.flatMap((view) => view.location?.address ?? [])).size,
      inscriptionNumberMin: numbers.length > 0 ? Math.min(...numbers) : null,
      inscriptionNumberMax: numbers.length > 0 ? Math.max(...numbers) : null,
    };
  });
}
