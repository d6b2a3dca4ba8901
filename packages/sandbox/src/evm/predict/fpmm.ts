/**
 * The sandbox CLOB's market maker prices a binary market as a fixed-product market maker (Gnosis' FPMM, the maker
 * Polymarket ran before its order book): its pool holds outcome tokens of both outcomes and keeps their product
 * constant. Every amount is in atomic units (6 decimals, the collateral's, which outcome tokens share). Rounding
 * always favours the pool, so no sequence of trades drains it.
 */

/** The pool's balances: `own` of the traded outcome, `other` of the opposite one. */
export interface BinaryPool {
  readonly own: bigint;
  readonly other: bigint;
}

/** The marginal price of the pool's `own` outcome, 0 to 1: other / (own + other). */
export function marginalPrice(pool: BinaryPool): number {
  const total = pool.own + pool.other;
  return total === 0n ? 0 : Number(pool.other) / Number(total);
}

/**
 * Shares of the `own` outcome a BUY of `usd` collateral receives: the pool splits `usd` into both outcomes and pays
 * out `own` tokens until the product is back where it was.
 */
export function sharesForBuy(pool: BinaryPool, usd: bigint): bigint {
  if (usd <= 0n) return 0n;
  const product = pool.own * pool.other;
  const ownAfter = ceilDiv(product, pool.other + usd);
  return pool.own + usd - ownAfter;
}

/**
 * Collateral a SELL of `shares` of the `own` outcome receives: the pool takes the shares and merges `r` of both
 * outcomes so that (own + shares - r)(other - r) = own × other, i.e. r² - r(own + shares + other) + shares × other = 0.
 */
export function usdForSell(pool: BinaryPool, shares: bigint): bigint {
  if (shares <= 0n) return 0n;
  const sum = pool.own + shares + pool.other;
  const discriminant = sum * sum - 4n * shares * pool.other;
  // The smaller root, rounded up in the square root so the payout is rounded down.
  const root = ceilSqrt(discriminant);
  const payout = (sum - root) / 2n;
  return payout > 0n ? payout : 0n;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** The smallest integer whose square is at least `value`. */
export function ceilSqrt(value: bigint): bigint {
  if (value < 0n) throw new RangeError('square root of a negative number');
  if (value < 2n) return value;
  let x = BigInt(Math.ceil(Math.sqrt(Number(value))));
  // Newton steps from the float estimate, then settle on the exact ceiling.
  for (;;) {
    const next = (x + value / x) / 2n;
    if (next >= x) break;
    x = next;
  }
  while (x * x < value) x += 1n;
  while (x > 0n && (x - 1n) * (x - 1n) >= value) x -= 1n;
  return x;
}
