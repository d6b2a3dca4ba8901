import { UNISAT_SETTING, type UnisatBrc20Type } from '@svc/providers';
import type { Handler, HandlerContext } from '../handler.js';
import { ordinalsIndexOf } from './ordinals-index.js';
import { btcUsdOf, nowSeconds, rankInUsd, type UsdRanking } from './market-figures.js';
import { brc20Markets, brc20Sales, type SandboxBrc20Market } from './sandbox-brc20-market.js';
import { SATS_PER_BTC } from './sandbox-rune-market.js';

/**
 * How many of UniSat's ranked tickers a top list reads: its order is its own, so both lists rank this window by the
 * figure asked for (UniSat pages are small: a larger window costs more calls than the long tail is worth).
 */
const UNISAT_WINDOW = 100;

/** What ranks BRC-20 tokens: market cap or the last day's volume, with its USD floor. */
interface Ranking extends UsdRanking {
  readonly tool: 'getTopBRC20ByMarketCap' | 'getTopBRC20ByVolume';
}

/** A ranked token before its rank and USD figures. */
interface Brc20Figures {
  readonly tick: string;
  readonly priceSats: number;
  readonly marketCapBtc: number;
  readonly volume24hBtc: number;
  readonly sales24h: number | null;
}

const fromUnisat = (token: UnisatBrc20Type): Brc20Figures => ({
  tick: token.tick,
  priceSats: token.curPrice,
  marketCapBtc: Number(token.cap) / SATS_PER_BTC,
  volume24hBtc: token.btcVolume / SATS_PER_BTC,
  sales24h: null,
});

const fromSandbox = (market: SandboxBrc20Market): Brc20Figures => ({
  tick: market.token.tick,
  priceSats: market.priceSats,
  marketCapBtc: market.marketCapBtc,
  volume24hBtc: market.volume24hSats / SATS_PER_BTC,
  sales24h: market.sales24h,
});

/** Every sandbox token's market, from the marketplace's sales of transfer inscriptions. */
async function sandboxFigures(context: HandlerContext, tool: string): Promise<Brc20Figures[]> {
  const index = ordinalsIndexOf(context, tool);
  const [tokens, sales] = await Promise.all([index.brc20Tokens(), index.inscriptionSales()]);
  return brc20Markets(tokens, await brc20Sales(index, sales), nowSeconds()).map(fromSandbox);
}

/**
 * Output: `{ tokens: [{ rank, tick, priceSats, priceUsd, marketCapBtc, marketCapUsd, volume24hBtc, volume24hUsd,
 * sales24h }], btcUsd }`, highest first, at most `limit`, none below the USD floor. Live: the first UNISAT_WINDOW of
 * UniSat's BRC-20 marketplace tickers over the last day, with UniSat's BTC price; sandbox: every sandbox token from the
 * marketplace's sales (sandbox-brc20-market.ts), BTC/USD from the sandbox market.
 */
async function topBrc20(context: HandlerContext, ranking: Ranking) {
  const { tool } = ranking;
  const unisat = context.providers.unisat;
  const { btcUsd, figures } = unisat
    ? await unisat
        .brc20Market(UNISAT_WINDOW)
        .then((market) => ({ btcUsd: market.btcUsd, figures: market.tokens.map(fromUnisat) }))
    : {
        btcUsd: await btcUsdOf(context, tool, UNISAT_SETTING, false),
        figures: await sandboxFigures(context, tool),
      };
  // Stable: ties keep the source's order (deploy order in sandbox).
  const tokens = rankInUsd(figures, (token) => token.priceSats, btcUsd, ranking);
  return { tokens, btcUsd };
}

export const getTopBRC20ByMarketCap: Handler<'getTopBRC20ByMarketCap'> = (input, context) =>
  topBrc20(context, {
    tool: 'getTopBRC20ByMarketCap',
    by: 'marketCap',
    limit: input.limit,
    minUsd: input.minMarketCap,
  });

export const getTopBRC20ByVolume: Handler<'getTopBRC20ByVolume'> = (input, context) =>
  topBrc20(context, { tool: 'getTopBRC20ByVolume', by: 'volume', limit: input.limit, minUsd: input.minVolume });
