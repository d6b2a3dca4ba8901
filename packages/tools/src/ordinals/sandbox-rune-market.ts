// The rune market the sandbox chain's marketplace makes: prices, volumes and market caps computed from the ordinals
// index's sales (the simulated traders' and anyone's SINGLE|ANYONECANPAY sales) and the runes' issuance.
import type { BitcoinIndex, OrdinalsRune, RuneSale } from '../ports/bitcoin-index.js';

export const SATS_PER_BTC = 1e8;
const DAY_SECONDS = 86_400;

/** The windows market figures are given for, Magic Eden's names with their length in seconds. */
export const MARKET_WINDOWS = { '24h': DAY_SECONDS, '7d': 7 * DAY_SECONDS, '30d': 30 * DAY_SECONDS } as const;
export type MarketWindow = keyof typeof MARKET_WINDOWS;

export interface SandboxRuneMarket {
  readonly rune: OrdinalsRune;
  /** Sats per whole unit at the last sale; 0 before any sale (nothing has priced the rune). */
  readonly unitPriceSats: number;
  /** Atomic units in circulation: issued minus burned. */
  readonly circulating: bigint;
  /** The circulating supply at the last sale's unit price, in BTC. */
  readonly marketCapBtc: number;
  /** Sats traded and sales per window, ending now. */
  readonly volumeSats: Readonly<Record<MarketWindow, number>>;
  readonly sales: Readonly<Record<MarketWindow, number>>;
}

const unitPriceOf = (sale: RuneSale, divisibility: number) =>
  Number(sale.priceSats) / (Number(sale.amount) / 10 ** divisibility);

/** Every sandbox rune's market, in etching order. */
export async function sandboxRuneMarkets(index: BitcoinIndex, nowSeconds: number): Promise<SandboxRuneMarket[]> {
  const [runes, sales] = await Promise.all([index.runes(), index.runeSales()]);
  return runes.map((rune) => {
    const own = sales.filter((sale) => sale.rune === rune.id);
    const last = own.at(-1);
    const unitPriceSats = last ? unitPriceOf(last, rune.divisibility) : 0;
    const circulating = rune.granted - rune.burned;
    const within = (window: MarketWindow) => own.filter((sale) => sale.time > nowSeconds - MARKET_WINDOWS[window]);
    const perWindow = (figure: (sales: readonly RuneSale[]) => number) =>
      Object.fromEntries(
        (Object.keys(MARKET_WINDOWS) as MarketWindow[]).map((window) => [window, figure(within(window))]),
      ) as Record<MarketWindow, number>;
    return {
      rune,
      unitPriceSats,
      circulating,
      marketCapBtc: (unitPriceSats * (Number(circulating) / 10 ** rune.divisibility)) / SATS_PER_BTC,
      volumeSats: perWindow((inWindow) => inWindow.reduce((sum, sale) => sum + Number(sale.priceSats), 0)),
      sales: perWindow((inWindow) => inWindow.length),
    };
  });
}

/** One rune's market by name (upper case, no spacers); undefined for a rune the sandbox does not have. */
export async function sandboxRuneMarket(
  index: BitcoinIndex,
  name: string,
  nowSeconds: number,
): Promise<SandboxRuneMarket | undefined> {
  return (await sandboxRuneMarkets(index, nowSeconds)).find((market) => market.rune.name === name);
}
