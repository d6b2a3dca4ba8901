import type { PredictPositionsQuery, PredictPositionsSort } from '../ports/predict-markets.js';

/** A position in the Data API's shape, with the fields its sort keys read. */
export interface DataApiPosition {
  readonly size: number;
  readonly avgPrice: number;
  readonly initialValue: number;
  readonly currentValue: number;
  readonly cashPnl: number;
  readonly percentPnl: number;
  readonly curPrice: number;
  readonly title: string;
  readonly endDate: string;
  readonly [field: string]: unknown;
}

const SORT_KEY: Record<PredictPositionsSort, (position: DataApiPosition) => number | string> = {
  CURRENT: (position) => position.currentValue,
  INITIAL: (position) => position.initialValue,
  TOKENS: (position) => position.size,
  CASHPNL: (position) => position.cashPnl,
  PERCENTPNL: (position) => position.percentPnl,
  TITLE: (position) => position.title,
  RESOLVING: (position) => position.endDate,
  PRICE: (position) => position.curPrice,
  AVGPRICE: (position) => position.avgPrice,
};

/** The Data API's `sortBy`, `sortDirection`, `offset` and `limit` applied to `positions` (ties keep their order). */
export function sortedPage<T extends DataApiPosition>(positions: readonly T[], query: PredictPositionsQuery): T[] {
  const key = SORT_KEY[query.sortBy];
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  return [...positions]
    .sort((a, b) => {
      const left = key(a);
      const right = key(b);
      return (left < right ? -1 : left > right ? 1 : 0) * direction;
    })
    .slice(query.offset, query.offset + query.limit);
}
