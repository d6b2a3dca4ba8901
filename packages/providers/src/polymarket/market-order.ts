import type { PolymarketBook } from './polymarket.js';

/**
 * A market order's worst price and amounts, as Polymarket's clients build them: a BUY of `amount` USD walks the asks
 * from the cheapest until it is covered, a SELL of `amount` shares walks the bids from the dearest; the price is the
 * last level reached (a fill-or-kill order fills at that price or better). Amounts are in 6-decimal atomic units,
 * rounded as the CLOB takes them for the market's tick: sizes to 2 decimals, amounts to the tick's decimals + 2.
 * Undefined when the book cannot fill the order.
 */
export function marketOrderAmounts(
  book: PolymarketBook,
  side: 'BUY' | 'SELL',
  amount: number,
  tickSize: number,
): { price: number; makerAmount: bigint; takerAmount: bigint } | undefined {
  const levels = (side === 'BUY' ? book.asks : book.bids)
    .map((level) => ({ price: Number(level.price), size: Number(level.size) }))
    .sort((a, b) => (side === 'BUY' ? a.price - b.price : b.price - a.price));
  let covered = 0;
  let price: number | undefined;
  for (const level of levels) {
    covered += side === 'BUY' ? level.price * level.size : level.size;
    if (covered >= amount) {
      price = level.price;
      break;
    }
  }
  if (price === undefined) return undefined;
  const priceDecimals = Math.max(0, Math.round(-Math.log10(tickSize)));
  const amountDecimals = priceDecimals + 2;
  const size = floorTo(amount, 2);
  const other = floorTo(side === 'BUY' ? size / price : size * price, amountDecimals);
  if (size <= 0 || other <= 0) return undefined;
  return { price, makerAmount: atomic(size), takerAmount: atomic(other) };
}

const floorTo = (value: number, decimals: number) => Math.floor(value * 10 ** decimals + 1e-9) / 10 ** decimals;
const atomic = (value: number) => BigInt(Math.round(value * 1e6));
