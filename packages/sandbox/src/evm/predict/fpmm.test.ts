import { describe, expect, it } from 'vitest';
import { ceilSqrt, marginalPrice, sharesForBuy, usdForSell } from './fpmm.js';

const USD = 1_000_000n;

describe('the sandbox market maker (fixed product)', () => {
  const pool = { own: 10_000n * USD, other: 10_000n * USD };

  it('prices an even pool at 0.5 and moves the price up with a BUY', () => {
    expect(marginalPrice(pool)).toBe(0.5);
    const shares = sharesForBuy(pool, 100n * USD);
    // 100 USD splits into 100 of each; the product 10^8 USD² needs own' = 10^8 / 10100 = 9900.99…
    expect(shares).toBe(10_000n * USD + 100n * USD - 9_900_990_100n);
    const after = { own: pool.own + 100n * USD - shares, other: pool.other + 100n * USD };
    expect(marginalPrice(after)).toBeGreaterThan(0.5);
    expect(after.own * after.other).toBeGreaterThanOrEqual(pool.own * pool.other);
  });

  it('pays less for selling back than the shares cost, and keeps the product', () => {
    const shares = sharesForBuy(pool, 100n * USD);
    const after = { own: pool.own + 100n * USD - shares, other: pool.other + 100n * USD };
    const back = usdForSell(after, shares);
    expect(back).toBeLessThanOrEqual(100n * USD);
    expect(back).toBeGreaterThan(99n * USD);
    const final = { own: after.own + shares - back, other: after.other - back };
    expect(final.own * final.other).toBeGreaterThanOrEqual(pool.own * pool.other);
  });

  it('answers nothing for nothing', () => {
    expect(sharesForBuy(pool, 0n)).toBe(0n);
    expect(usdForSell(pool, 0n)).toBe(0n);
  });

  it('takes exact ceiling square roots', () => {
    expect(ceilSqrt(0n)).toBe(0n);
    expect(ceilSqrt(16n)).toBe(4n);
    expect(ceilSqrt(17n)).toBe(5n);
    expect(ceilSqrt(10n ** 40n + 1n)).toBe(10n ** 20n + 1n);
  });
});
