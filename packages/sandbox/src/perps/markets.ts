/**
 * The sandbox perp exchange's markets: the sandbox's own assets, each following a sandbox price (its `reference`, a
 * token the sandbox market index prices on one of the always-running chains), named and sized as Hyperliquid names
 * and sizes them (kBONK is a thousand BONK, as there). HYPE has no sandbox token: its oracle walks on its own.
 */
export interface PerpMarketSpec {
  readonly coin: string;
  /** Decimals of a size; a price has at most 5 significant figures and 6 − szDecimals decimals. */
  readonly szDecimals: number;
  readonly maxLeverage: number;
  /** The price a new exchange opens at (the sandbox token's seeded price). */
  readonly seedPx: number;
  /** The sandbox token whose indexed USD price is the oracle (`units` of it make one contract); none: a random walk. */
  readonly reference?: { readonly chain: 'base' | 'solana'; readonly symbol: string; readonly units: number };
}

export const PERP_MARKETS: readonly PerpMarketSpec[] = [
  {
    coin: 'BTC',
    szDecimals: 5,
    maxLeverage: 40,
    seedPx: 60_000,
    reference: { chain: 'base', symbol: 'WBTC', units: 1 },
  },
  { coin: 'ETH', szDecimals: 4, maxLeverage: 25, seedPx: 3000, reference: { chain: 'base', symbol: 'WETH', units: 1 } },
  { coin: 'SOL', szDecimals: 2, maxLeverage: 20, seedPx: 150, reference: { chain: 'solana', symbol: 'SOL', units: 1 } },
  { coin: 'HYPE', szDecimals: 2, maxLeverage: 10, seedPx: 30 },
  { coin: 'LINK', szDecimals: 1, maxLeverage: 10, seedPx: 15, reference: { chain: 'base', symbol: 'LINK', units: 1 } },
  { coin: 'UNI', szDecimals: 1, maxLeverage: 10, seedPx: 8, reference: { chain: 'base', symbol: 'UNI', units: 1 } },
  { coin: 'JUP', szDecimals: 0, maxLeverage: 10, seedPx: 0.8, reference: { chain: 'solana', symbol: 'JUP', units: 1 } },
  {
    coin: 'kBONK',
    szDecimals: 0,
    maxLeverage: 10,
    seedPx: 0.02,
    reference: { chain: 'solana', symbol: 'BONK', units: 1000 },
  },
];

export function perpMarket(coin: string): PerpMarketSpec | undefined {
  return PERP_MARKETS.find((market) => market.coin === coin);
}

/** A price as the exchange accepts it: at most 5 significant figures and 6 − szDecimals decimals. */
export function roundPx(px: number, szDecimals: number): number {
  const significant = Number(px.toPrecision(5));
  const decimals = 6 - szDecimals;
  return Math.round(significant * 10 ** decimals) / 10 ** decimals;
}

/** A size rounded down to the market's size decimals. */
export function roundSz(sz: number, szDecimals: number): number {
  return Math.floor(sz * 10 ** szDecimals + 1e-9) / 10 ** szDecimals;
}

/** A number as the info API writes it: a plain decimal string (no exponent), trailing zeros dropped. */
export function decimalString(value: number, decimals = 8): string {
  const fixed = (Object.is(value, -0) ? 0 : value).toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}
