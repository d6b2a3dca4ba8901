// The collection market the sandbox chain's marketplace makes: floors, volumes and market caps computed from the
// ordinals index's inscription sales of each collection's items (the simulated traders' and anyone's
// SINGLE|ANYONECANPAY sales) and the items' current owners.
import type { IndexedInscriptionView, InscriptionSale, OrdinalsCollection } from '../ports/bitcoin-index.js';
import { MARKET_WINDOWS, SATS_PER_BTC } from './sandbox-rune-market.js';

export interface SandboxCollectionMarket {
  readonly collection: OrdinalsCollection;
  /**
   * The sandbox floor, from sales (the traders' listings are filled at once, so no ask rests on a book): the lowest
   * price among the collection's sales of the last 24 hours; without one, the last sale's price; 0 before any sale.
   */
  readonly floorSats: number;
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

/** The floor rule above, over one collection's sales (oldest first). */
export function floorOf(sales: readonly InscriptionSale[], nowSeconds: number): number {
  const recent = sales.filter((sale) => sale.time > nowSeconds - MARKET_WINDOWS['24h']);
  if (recent.length > 0) return Math.min(...recent.map((sale) => Number(sale.priceSats)));
  return Number(sales.at(-1)?.priceSats ?? 0n);
}

const sum = (sales: readonly InscriptionSale[]) => sales.reduce((total, sale) => total + Number(sale.priceSats), 0);

/** Every collection's market, oldest parent first, from its items' sales (a sale of anything else counts nowhere). */
export function collectionMarkets(
  collections: readonly OrdinalsCollection[],
  sales: readonly InscriptionSale[],
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
    const floorSats = floorOf(own, nowSeconds);
    return {
      collection,
      floorSats,
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
