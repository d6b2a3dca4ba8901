import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The rune market tools answered from marketplace data (Magic Eden's ordinals API live, the sandbox chain's
 * marketplace sales in sandbox mode). getRuneMarketInfo is Ordiscan's body (ordinals.ts).
 */

/** A figure per time window, Magic Eden's way ("1d", "7d", "30d", "all"). */
const PER_WINDOW = z.record(z.string(), z.number());

/** One rune of a top list: prices in sats and USD, market cap and the last 24 hours' volume in BTC and USD. */
const rankedRune = z.object({
  rank: z.number().int().min(1),
  /** The rune's name with its spacers, e.g. "DOG•GO•TO•THE•MOON". */
  rune: z.string(),
  /** "block:tx" of the etching, when the source names it. */
  runeId: z.string().nullable(),
  symbol: z.string().nullable(),
  /** Sats per whole unit (the last sale's unit price in sandbox, Magic Eden's floor unit price live). */
  unitPriceSats: z.number(),
  priceUsd: z.number(),
  marketCapBtc: z.number(),
  marketCapUsd: z.number(),
  volume24hBtc: z.number(),
  volume24hUsd: z.number(),
  sales24h: z.number().int(),
});

const topRunes = z.object({
  runes: z.array(rankedRune),
  /** The BTC price in USD the USD figures (and the min filters) use. */
  btcUsd: z.number(),
});

export const RUNE_MARKET_OUTPUTS: ToolOutputs = {
  getTopRunesByMarketCap: topRunes,
  getTopRunesByVolume: topRunes,
  // Magic Eden's GET /v2/ord/btc/runes/market/{rune}/info body: the fields every answer carries (more may follow).
  getMarketRunePrice: z.object({
    rune: z.string(),
    divisibility: z.number().int(),
    totalSupply: z.string(),
    /** Sats per whole unit: `value` as a number string, `formatted` for display. */
    floorUnitPrice: z.object({ formatted: z.string(), value: z.string() }),
    /** BTC. */
    marketCap: z.number(),
    /** Sats traded per window. */
    volume: PER_WINDOW,
  }),
};
