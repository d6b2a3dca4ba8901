import { formatUnits } from '@svc/payments';
import { MAGIC_EDEN_SETTING, type MagicEdenRuneStat, ORDISCAN_SETTING } from '@svc/providers';
import type { Handler, HandlerContext } from '../handler.js';
import { btcUsdOf, nowSeconds, rankInUsd, type UsdRanking } from './market-figures.js';
import { notFound, ordinalsIndexOf, ordiscanOf, runeKey } from './ordinals-index.js';
import { SATS_PER_BTC, sandboxRuneMarket, sandboxRuneMarkets, type SandboxRuneMarket } from './sandbox-rune-market.js';

async function runeMarketOf(context: HandlerContext, tool: string, name: string): Promise<SandboxRuneMarket> {
  const market = await sandboxRuneMarket(ordinalsIndexOf(context, tool), name, nowSeconds());
  if (!market) throw notFound(`Rune ${name}`);
  return market;
}

/**
 * Output: Ordiscan's `{ data: { price_in_sats, price_in_usd, market_cap_in_btc, market_cap_in_usd } }`. Sandbox: the
 * last marketplace sale's price per whole unit, the circulating supply (issued minus burned) at that price, BTC/USD
 * from the sandbox market; 0 before the rune's first sale, as Ordiscan answers for a rune nothing prices.
 */
export const getRuneMarketInfo: Handler<'getRuneMarketInfo'> = async (input, context) => {
  const name = runeKey(input.name);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.runeMarket(name);
  const market = await runeMarketOf(context, 'getRuneMarketInfo', name);
  const btcUsd = await btcUsdOf(context, 'getRuneMarketInfo', ORDISCAN_SETTING, false);
  return {
    data: {
      price_in_sats: market.unitPriceSats,
      price_in_usd: (market.unitPriceSats / SATS_PER_BTC) * btcUsd,
      market_cap_in_btc: market.marketCapBtc,
      market_cap_in_usd: market.marketCapBtc * btcUsd,
    },
  };
};

/**
 * Output: Magic Eden's rune market info (`{ rune, divisibility, totalSupply, floorUnitPrice: { formatted, value },
 * marketCap, volume, … }`). Sandbox: the simulated traders' listings are filled at once, so no ask rests on the book
 * and the floor unit price is the last sale's; marketCap in BTC, volume in sats per window, totalSupply atomic.
 */
export const getMarketRunePrice: Handler<'getMarketRunePrice'> = async (input, context) => {
  const name = runeKey(input.runeName);
  const magicEden = context.providers.magicEden;
  if (magicEden) return magicEden.runeMarketInfo(name);
  const { rune, unitPriceSats, circulating, marketCapBtc, volumeSats, sales } = await runeMarketOf(
    context,
    'getMarketRunePrice',
    name,
  );
  const unitPrice = String(unitPriceSats);
  return {
    rune: rune.name,
    ticker: rune.spacedName,
    symbol: rune.symbol,
    divisibility: rune.divisibility,
    totalSupply: circulating.toString(),
    formattedTotalSupply: formatUnits(circulating, rune.divisibility),
    pendingTxnCount: 0,
    floorUnitPrice: { formatted: unitPrice, value: unitPrice },
    marketCap: marketCapBtc,
    volume: volumeSats,
    txnCount: sales,
  };
};

/** What ranks runes: market cap or the last day's volume, with its USD floor. */
interface Ranking extends UsdRanking {
  readonly tool: 'getTopRunesByMarketCap' | 'getTopRunesByVolume';
}

/** A ranked rune before its rank: the answer's fields. */
interface RuneFigures {
  readonly rune: string;
  readonly runeId: string | null;
  readonly symbol: string | null;
  readonly unitPriceSats: number;
  readonly marketCapBtc: number;
  readonly volume24hBtc: number;
  readonly sales24h: number;
}

const fromMagicEden = (stat: MagicEdenRuneStat): RuneFigures => ({
  rune: stat.rune,
  runeId: stat.etching?.runeId ? `${stat.etching.runeId.block}:${stat.etching.runeId.tx}` : null,
  symbol: stat.etching?.symbol ?? null,
  unitPriceSats: stat.unitPriceSats,
  marketCapBtc: stat.marketCap ?? 0,
  volume24hBtc: stat.vol,
  sales24h: stat.txnCount,
});

const fromSandbox = (market: SandboxRuneMarket): RuneFigures => ({
  rune: market.rune.spacedName,
  runeId: market.rune.id,
  symbol: market.rune.symbol,
  unitPriceSats: market.unitPriceSats,
  marketCapBtc: market.marketCapBtc,
  volume24hBtc: market.volumeSats['24h'] / SATS_PER_BTC,
  sales24h: market.sales['24h'],
});

/**
 * Output: `{ runes: [{ rank, rune, runeId, symbol, unitPriceSats, priceUsd, marketCapBtc, marketCapUsd, volume24hBtc,
 * volume24hUsd, sales24h }], btcUsd }`, highest first, at most `limit`, none below the USD floor. Live: Magic Eden's
 * rankings (already ordered by the same figure, so its first `limit` hold every rune above the floor); sandbox: every
 * sandbox rune from the marketplace's sales (sandbox-rune-market.ts).
 */
async function topRunes(context: HandlerContext, ranking: Ranking) {
  const { tool, by, limit } = ranking;
  const magicEden = context.providers.magicEden;
  // The price first: without it there is no answer, and Magic Eden's quota is not spent.
  const btcUsd = await btcUsdOf(context, tool, MAGIC_EDEN_SETTING, magicEden !== undefined);
  const figures = magicEden
    ? (await magicEden.topRunes(by, Math.floor(limit))).map(fromMagicEden)
    : (await sandboxRuneMarkets(ordinalsIndexOf(context, tool), nowSeconds())).map(fromSandbox);
  // Stable: ties keep the source's order (etching order in sandbox).
  const ranked = rankInUsd(figures, (rune) => rune.unitPriceSats, btcUsd, ranking);
  return { runes: ranked, btcUsd };
}

export const getTopRunesByMarketCap: Handler<'getTopRunesByMarketCap'> = (input, context) =>
  topRunes(context, {
    tool: 'getTopRunesByMarketCap',
    by: 'marketCap',
    limit: input.limit,
    minUsd: input.minMarketCap,
  });

export const getTopRunesByVolume: Handler<'getTopRunesByVolume'> = (input, context) =>
  topRunes(context, { tool: 'getTopRunesByVolume', by: 'volume', limit: input.limit, minUsd: input.minVolume });
