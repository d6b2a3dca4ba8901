import type { PriceFeed, PriceTick } from '../engine/price-feed.js';
import type { SolanaChain } from '@svc/providers';

/** Jupiter Price API v3 takes at most 50 ids per call. */
const JUPITER_PRICE_IDS_PER_CALL = 50;

/**
 * Solana prices for the trigger engine from the Solana tools' market: in live mode Jupiter Price API v3
 * (`GET /price/v3?ids=` with JUPITER_API_KEY, through jupiterMarket.pricesUsd), one call per 50 mints, one after the
 * other so a large book stays inside Jupiter's per-minute budget. SOL_NATIVE is the WSOL mint, which Jupiter prices as
 * SOL. A mint Jupiter does not price is left out (its orders wait); a failed call fails the whole read, so the caller
 * (livePriceFeed) skips Solana for this poll instead of acting on half a book.
 */
export function solanaMarketPriceFeed(chain: Pick<SolanaChain, 'market'>): PriceFeed {
  return {
    async prices(tokens) {
      const mints = [...new Set(tokens.filter((token) => token.network === 'solana').map((token) => token.token))];
      const ticks: PriceTick[] = [];
      for (let start = 0; start < mints.length; start += JUPITER_PRICE_IDS_PER_CALL) {
        const prices = await chain.market().pricesUsd(mints.slice(start, start + JUPITER_PRICE_IDS_PER_CALL));
        for (const [token, price] of prices) {
          if (Number.isFinite(price.priceUsd) && price.priceUsd > 0)
            ticks.push({ network: 'solana', token, priceUsd: price.priceUsd });
        }
      }
      return ticks;
    },
  };
}
