// The sandbox market's tokens as coins (CoinGecko's view): one coin per token symbol, summed across the chains.
import type { MarketActivity, MarketToken } from '../ports/market-activity.js';
import { dayChangePercent, dayVolumesUsd, marketCapUsd, tokenKey } from '../mktdata/sandbox-market-day.js';
import { PRICE_POOL_OF_COIN, pricePoolToken } from './sandbox-price-pools.js';

/** The real coin each sandbox token symbol stands in for: CoinGecko's id and name. */
const COIN_OF_SYMBOL: Readonly<Record<string, { readonly id: string; readonly name: string }>> = {
  ETH: { id: 'ethereum', name: 'Ethereum' },
  WETH: { id: 'weth', name: 'WETH' },
  WBTC: { id: 'wrapped-bitcoin', name: 'Wrapped Bitcoin' },
  LINK: { id: 'chainlink', name: 'Chainlink' },
  UNI: { id: 'uniswap', name: 'Uniswap' },
  SOL: { id: 'solana', name: 'Solana' },
  WSOL: { id: 'wrapped-solana', name: 'Wrapped SOL' },
  BNB: { id: 'binancecoin', name: 'BNB' },
  WBNB: { id: 'wbnb', name: 'Wrapped BNB' },
  POL: { id: 'polygon-ecosystem-token', name: 'POL (ex-MATIC)' },
  USDC: { id: 'usd-coin', name: 'USDC' },
  BONK: { id: 'bonk', name: 'Bonk' },
  JUP: { id: 'jupiter-exchange-solana', name: 'Jupiter' },
};

export const SANDBOX_COINS_NOTE =
  'Sandbox: each token symbol of the sandbox market is one coin across the sandbox chains, under the CoinGecko id ' +
  'of the real coin it stands in for (a token without one goes by its lower-case symbol). Its price and 24h change ' +
  'come from the pool getCryptoPrice quotes where it has one (ETH: WETH/USDC on base; BNB: WBNB/USDC on bsc), else ' +
  'from its most liquid listing; its 24h volume sums its swaps on every chain over the last 24 hours; its market ' +
  'cap sums supply x price over the chains (none for a native coin), and marketCapRank ranks that market cap.';

export interface SandboxCoin {
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly priceUsd: number;
  readonly priceChange24hPercent: number | null;
  readonly volume24hUsd: number;
  readonly liquidityUsd: number;
  readonly marketCapUsd: number | null;
  readonly marketCapRank: number | null;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Every coin of the sandbox market, in no particular order. */
export async function sandboxCoins(market: MarketActivity): Promise<SandboxCoin[]> {
  const now = new Date();
  const byChain = await Promise.all(
    market.chains.map(async (chain) => {
      const [tokens, volumes] = await Promise.all([market.tokens(chain), dayVolumesUsd(market, chain, now)]);
      return tokens.map((token) => ({ token, volumeUsd: volumes.get(tokenKey(token.address)) ?? 0 }));
    }),
  );
  const bySymbol = new Map<string, { token: MarketToken; volumeUsd: number }[]>();
  for (const listing of byChain.flat()) {
    const symbol = listing.token.symbol.toUpperCase();
    bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), listing]);
  }
  const coins = await Promise.all(
    [...bySymbol].map(async ([symbol, listings]) => {
      const tokens = listings.map(({ token }) => token);
      const deepest = tokens.reduce((best, token) => (token.liquidityUsd > best.liquidityUsd ? token : best));
      const caps = tokens.map(marketCapUsd).filter((cap) => cap !== null);
      const coin = COIN_OF_SYMBOL[symbol] ?? { id: symbol.toLowerCase(), name: deepest.name };
      // getCryptoPrice's pool where the coin has one (so both tools quote the same), else its deepest listing.
      const pool = PRICE_POOL_OF_COIN[coin.id];
      const priced = (pool && (await pricePoolToken(market, pool))) ?? deepest;
      return {
        ...coin,
        symbol,
        priceUsd: priced.priceUsd,
        priceChange24hPercent: await dayChangePercent(market, priced.chain, priced, now),
        volume24hUsd: sum(listings.map(({ volumeUsd }) => volumeUsd)),
        liquidityUsd: sum(tokens.map((token) => token.liquidityUsd)),
        marketCapUsd: caps.length > 0 ? sum(caps) : null,
      };
    }),
  );
  const caps = coins.flatMap((coin) => (coin.marketCapUsd === null ? [] : [coin.marketCapUsd]));
  // Rank 1 is the largest market cap; a coin without one (a native coin) has no rank.
  return coins.map((coin) => ({
    ...coin,
    marketCapRank: coin.marketCapUsd === null ? null : caps.filter((cap) => cap > (coin.marketCapUsd ?? 0)).length + 1,
  }));
}
