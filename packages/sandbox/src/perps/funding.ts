/**
 * Hourly funding, Hyperliquid's formula: the 8-hour rate is the average premium P plus clamp(I − P, ±0.05%), with
 * the interest rate I = 0.01% per 8 hours; an hour pays one eighth of it, capped at 4% an hour. The sandbox samples the
 * premium at every trade: (trade price − oracle price) / oracle price, so an hour's funding follows its trades.
 */
export const INTEREST_PER_8H = 0.0001;
const CLAMP = 0.0005;
const HOURLY_CAP = 0.04;

export const HOUR_MS = 60 * 60 * 1000;

/** The premium a trade at `px` samples against the oracle price `oraclePx`. */
export const premiumOf = (px: number, oraclePx: number): number => (px - oraclePx) / oraclePx;

/** The hour's funding rate from the premiums sampled in it (none: a premium of 0, so the interest rate alone). */
export function hourlyFunding(premiums: readonly number[]): { readonly premium: number; readonly fundingRate: number } {
  const premium = premiums.length === 0 ? 0 : premiums.reduce((sum, p) => sum + p, 0) / premiums.length;
  const eightHour = premium + Math.min(CLAMP, Math.max(-CLAMP, INTEREST_PER_8H - premium));
  const fundingRate = Math.min(HOURLY_CAP, Math.max(-HOURLY_CAP, eightHour / 8));
  return { premium, fundingRate };
}
