// The 24-hour figures the sandbox market tools share, computed from the index's swaps and prices.
import type { MarketActivity, MarketChain, MarketToken } from '../ports/market-activity.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const dayBefore = (now: Date) => new Date(now.getTime() - DAY_MS);

/** A token's key in per-token tallies: addresses compare in any case, as the port's lookups do. */
export const tokenKey = (address: string) => address.toLowerCase();

/**
 * The USD volume of every token of `chain` over the 24 hours before `now`, by `tokenKey`: a swap counts for both of
 * the tokens it traded, as a token's volume counts every trade of it.
 */
export async function dayVolumesUsd(market: MarketActivity, chain: MarketChain, now: Date) {
  const volumes = new Map<string, number>();
  for (const trade of await market.trades(chain, { from: dayBefore(now), to: now }))
    for (const leg of [trade.sold, trade.bought])
      volumes.set(tokenKey(leg.address), (volumes.get(tokenKey(leg.address)) ?? 0) + trade.valueUsd);
  return volumes;
}

/** The token's price change over the 24 hours before `now`, in percent; null without a price then. */
export async function dayChangePercent(
  market: MarketActivity,
  chain: MarketChain,
  token: MarketToken,
  now: Date,
): Promise<number | null> {
  const then = await market.priceUsdAt(chain, token.address, dayBefore(now));
  return then ? ((token.priceUsd - then) / then) * 100 : null;
}

/** Supply x price; null for a native coin, whose supply the index does not give. */
export const marketCapUsd = (token: MarketToken) => (token.supply === null ? null : token.supply * token.priceUsd);
