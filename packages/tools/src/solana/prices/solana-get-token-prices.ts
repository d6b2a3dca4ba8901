import type { Handler } from '../../handler.js';
import { solanaChainOf } from '../solana-chain.js';

/**
 * USD price and confidence per mint, in the order asked: `{prices: [{mint, priceUsd, confidence}]}`. A mint the
 * market cannot price is listed with priceUsd and confidence null (never invented). The WSOL mint is SOL's price.
 */
export const solanaGetTokenPrices: Handler<'solanaGetTokenPrices'> = async (input, context) => {
  const prices = await solanaChainOf(context).market().pricesUsd(input.tokenMints);
  return {
    prices: input.tokenMints.map((mint) => {
      const price = prices.get(mint);
      return { mint, priceUsd: price?.priceUsd ?? null, confidence: price?.confidence ?? null };
    }),
  };
};
