/**
 * The order book of one market: resting limit orders, best first on each side. The simulated market makers quote
 * it afresh every tick; a market order sweeps the other side level by level (matchMarketOrder).
 */
export interface RestingOrder {
  readonly oid: number;
  readonly owner: string;
  readonly coin: string;
  /** B: a bid; A: an ask. */
  readonly side: 'B' | 'A';
  readonly px: number;
  sz: number;
  readonly origSz: number;
  readonly timestamp: number;
}

export interface BookSides {
  /** Highest price first. */
  bids: RestingOrder[];
  /** Lowest price first. */
  asks: RestingOrder[];
}

/** One match of a market order against a resting order. */
export interface BookMatch {
  readonly maker: RestingOrder;
  readonly px: number;
  readonly sz: number;
}

/**
 * Matches a market order for `sz` (taker `side` B buys the asks, A sells into the bids) against the book, taking
 * the matched size off the resting orders and removing the emptied ones. What the book cannot fill is left unfilled.
 */
export function matchMarketOrder(book: BookSides, side: 'B' | 'A', sz: number, szDecimals: number): BookMatch[] {
  const resting = side === 'B' ? book.asks : book.bids;
  const matches: BookMatch[] = [];
  const unit = 10 ** -szDecimals;
  let remaining = sz;
  while (remaining >= unit / 2 && resting.length > 0) {
    const maker = resting[0]!;
    const filled = Math.min(remaining, maker.sz);
    matches.push({ maker, px: maker.px, sz: filled });
    maker.sz = Number((maker.sz - filled).toFixed(szDecimals));
    remaining = Number((remaining - filled).toFixed(szDecimals));
    if (maker.sz < unit / 2) resting.shift();
  }
  return matches;
}

/** The best bid and ask and their mid; undefined sides when the book is empty there. */
export function topOfBook(book: BookSides): { bid?: number; ask?: number; mid?: number } {
  const bid = book.bids[0]?.px;
  const ask = book.asks[0]?.px;
  return { bid, ask, mid: bid !== undefined && ask !== undefined ? (bid + ask) / 2 : undefined };
}

/** Price levels of one side: the orders at each price summed, at most `depth` of them. */
export function levelsOf(
  orders: readonly RestingOrder[],
  depth: number,
): { readonly px: number; readonly sz: number; readonly n: number }[] {
  const levels: { px: number; sz: number; n: number }[] = [];
  for (const order of orders) {
    const last = levels[levels.length - 1];
    if (last?.px === order.px) {
      last.sz += order.sz;
      last.n += 1;
    } else {
      if (levels.length === depth) break;
      levels.push({ px: order.px, sz: order.sz, n: 1 });
    }
  }
  return levels;
}
