import { describe, expect, it } from 'vitest';
import {
  MEME_CURVE_SUPPLY,
  MEME_PROMOTION_TINYBARS,
  type MemeCurve,
  quoteMemeBuy,
  quoteMemeSell,
  SANDBOX_MEME_SEEDS,
  seededMemeCurve,
} from './memejob.js';

const fresh: MemeCurve = {
  tokenId: '0.0.9',
  name: 'Fresh',
  symbol: 'FRESH',
  creator: '0.0.2',
  createdNs: 0n,
  lastActivityNs: 0n,
  raised: 0n,
  sold: 0n,
  promoted: false,
};
const HBAR = 100_000_000n;

describe('the memejob-style curve', () => {
  it('takes a 1% fee and sells fewer tokens for each further HBAR', () => {
    const first = quoteMemeBuy(fresh, 100n * HBAR);
    expect(first.fee).toBe(HBAR);
    expect(first.net).toBe(99n * HBAR);
    const after = { ...fresh, raised: first.net, sold: first.out };
    expect(quoteMemeBuy(after, 100n * HBAR).out).toBeLessThan(first.out);
  });

  it('caps a buy at the promotion target: the rest of the curve for exactly what is left to raise', () => {
    const quote = quoteMemeBuy(fresh, 1_000_000n * HBAR);
    expect(quote.net).toBe(MEME_PROMOTION_TINYBARS);
    expect(quote.out).toBe(MEME_CURVE_SUPPLY);
    // Buying the whole curve at once costs the target, not more.
    expect(quote.net + quote.fee).toBeLessThan(1_000_000n * HBAR);
  });

  it('pays back at most what was raised, and a round trip loses only the fees (and rounding)', () => {
    const bought = quoteMemeBuy(fresh, 1_000n * HBAR);
    const after = { ...fresh, raised: bought.net, sold: bought.out };
    const sold = quoteMemeSell(after, bought.out);
    expect(sold.gross).toBeLessThanOrEqual(bought.net);
    expect(bought.net - sold.gross).toBeLessThan(10n);
    expect(quoteMemeSell(after, bought.out + 1n)).toEqual({ gross: 0n, fee: 0n });
  });

  it('a promoted curve neither sells nor buys', () => {
    const promoted = { ...fresh, promoted: true };
    expect(quoteMemeBuy(promoted, HBAR).out).toBe(0n);
    expect(quoteMemeSell(promoted, 1n).gross).toBe(0n);
  });

  it('seeds each launch as the buys of its raise would have left it', () => {
    for (const seed of SANDBOX_MEME_SEEDS) {
      const curve = seededMemeCurve(seed, '0.0.2', 10n ** 18n);
      const { out } = quoteMemeBuy(fresh, (curve.raised * 100n) / 99n + 1n);
      expect(curve.raised).toBe(seed.raisedHbar * HBAR);
      const gap = out > curve.sold ? out - curve.sold : curve.sold - out;
      expect(gap < 10n ** 8n, `${seed.symbol}: ${out} vs ${curve.sold}`).toBe(true);
    }
  });
});
