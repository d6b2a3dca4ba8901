import { type OrderNetwork, type Queryable, sandboxPrices } from '@svc/store';
import type { PriceFeed, PriceTick } from './price-feed.js';

/**
 * The sandbox market's prices (POST /api/sandbox/prices, kept in the database so every process sees them), falling
 * back to `chainPrice` (the sandbox DEX pools' spot price) for tokens nobody set a price for.
 */
export function sandboxPriceFeed(
  db: Queryable,
  chainPrice?: (network: OrderNetwork, token: string) => Promise<number | undefined>,
): PriceFeed {
  return {
    async prices(tokens) {
      const set = new Map(
        (await sandboxPrices(db)).map((price) => [`${price.network}|${price.token}`, Number(price.priceUsd)]),
      );
      const ticks: PriceTick[] = [];
      for (const { network, token } of tokens) {
        const priceUsd = set.get(`${network}|${token}`) ?? (chainPrice ? await chainPrice(network, token) : undefined);
        if (priceUsd !== undefined) ticks.push({ network, token, priceUsd });
      }
      return ticks;
    },
  };
}
