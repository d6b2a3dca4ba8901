// Where the sandbox prices the coins getCryptoPrice knows: one USDC pool each, so every coin tool quotes the same.
import { SOL_NATIVE } from '@svc/contracts';
import type { MarketActivity, MarketChain, MarketToken } from '../ports/market-activity.js';

export interface PricePool {
  readonly chain: MarketChain;
  readonly pair: string;
  readonly is: (token: MarketToken) => boolean;
}

const withSymbol = (symbol: string) => (token: MarketToken) => token.symbol.toUpperCase() === symbol;

/** By CoinGecko id: the chain and the token of its USDC pool (the native coins by their wrapped token's pool). */
export const PRICE_POOL_OF_COIN: Readonly<Record<string, PricePool>> = {
  ethereum: { chain: 'base', pair: 'WETH/USDC', is: withSymbol('WETH') },
  bitcoin: { chain: 'base', pair: 'WBTC/USDC', is: withSymbol('WBTC') },
  // The index names native SOL by the wrapped-SOL mint, which the venue's SOL/USDC pool trades.
  solana: { chain: 'solana', pair: 'SOL/USDC', is: (token) => token.address === SOL_NATIVE },
  binancecoin: { chain: 'bsc', pair: 'WBNB/USDC', is: withSymbol('WBNB') },
};

/** The token whose pool prices `pool`'s coin, if the sandbox market has it. */
export async function pricePoolToken(market: MarketActivity, pool: PricePool): Promise<MarketToken | undefined> {
  if (!market.chains.includes(pool.chain)) return undefined;
  return (await market.tokens(pool.chain)).find(pool.is);
}
