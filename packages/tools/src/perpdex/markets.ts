import { invalidField, ServiceError } from '@svc/contracts';
import type { Handler } from '../handler.js';
import { perpExchangeOf } from './perp-source.js';

/** A coin list's names as the exchange spells them (any case given); the ones it has not are `unknown`. */
function pick(names: readonly string[], wanted: readonly string[] | undefined) {
  if (!wanted) return { names, unknown: [] as string[] };
  const byLower = new Map(names.map((name) => [name.toLowerCase(), name]));
  const found = wanted.map((coin) => byLower.get(coin.toLowerCase()));
  return {
    names: [...new Set(found.filter((name): name is string => name !== undefined))],
    unknown: wanted.filter((_, index) => found[index] === undefined),
  };
}

/**
 * Output: `{ markets, unknownCoins }`: each perpetual market (delisted ones left out, `coins` only when given) with
 * its meta (szDecimals, maxLeverage) and context (markPx, midPx, oraclePx, funding, openInterest, premium, prevDayPx,
 * dayNtlVlm, dayBaseVlm), largest 24h notional volume first, `limit` of them.
 */
export const perpdexPerpMarkets: Handler<'perpdexPerpMarkets'> = async (input, context) => {
  const [meta, contexts] = await perpExchangeOf(context, 'perpdexPerpMarkets').metaAndAssetCtxs();
  const listed = meta.universe.flatMap((asset, index) =>
    asset.isDelisted || !contexts[index] ? [] : [{ ...asset, coin: asset.name, ...contexts[index] }],
  );
  const { names, unknown } = pick(
    listed.map((market) => market.coin),
    input.coins,
  );
  const markets = listed
    .filter((market) => names.includes(market.coin))
    .sort((a, b) => Number(b.dayNtlVlm) - Number(a.dayNtlVlm))
    .slice(0, input.limit);
  return { markets, unknownCoins: unknown };
};

/** Output: `{ mids: { coin: price } }`, every mid when `coins` is omitted; `unknownCoins` lists coins with none. */
export const perpdexPrice: Handler<'perpdexPrice'> = async (input, context) => {
  const mids = await perpExchangeOf(context, 'perpdexPrice').allMids();
  const { names, unknown } = pick(Object.keys(mids), input.coins);
  return { mids: Object.fromEntries(names.map((name) => [name, mids[name]])), unknownCoins: unknown };
};

/** Output: `{ coin, time, bids, asks }`, `depth` levels a side ({px, sz, n}), best first; 404 for a coin with no book. */
export const perpdexOrderBook: Handler<'perpdexOrderBook'> = async (input, context) => {
  const book = await perpExchangeOf(context, 'perpdexOrderBook').l2Book(input.coin);
  if (!book) throw new ServiceError('not_found', `The exchange has no order book for ${input.coin}.`);
  const [bids, asks] = book.levels;
  return { coin: book.coin, time: book.time, bids: bids.slice(0, input.depth), asks: asks.slice(0, input.depth) };
};

/** The range asked for, endTime defaulting to now; a range ending before it starts is a 400. */
function timeRange(startTime: number, endTime: number | undefined) {
  const end = endTime ?? Date.now();
  if (end < startTime) throw invalidField('endTime', 'order', `endTime (${end}) is before startTime (${startTime})`);
  return { startTime, endTime: end };
}

/** Output: `{ coin, interval, startTime, endTime, candles: [{t, T, s, i, o, c, h, l, v, n}] }`, oldest first. */
export const perpdexCandles: Handler<'perpdexCandles'> = async (input, context) => {
  const { startTime, endTime } = timeRange(input.startTime, input.endTime);
  const candles = await perpExchangeOf(context, 'perpdexCandles').candleSnapshot(
    input.coin,
    input.interval,
    startTime,
    endTime,
  );
  return { coin: input.coin, interval: input.interval, startTime, endTime, candles };
};

/** Output: `{ coin, startTime, endTime, funding: [{coin, fundingRate, premium, time}] }`: hourly rates, oldest first. */
export const perpdexFundingHistory: Handler<'perpdexFundingHistory'> = async (input, context) => {
  const { startTime, endTime } = timeRange(input.startTime, input.endTime);
  const funding = await perpExchangeOf(context, 'perpdexFundingHistory').fundingHistory(input.coin, startTime, endTime);
  return { coin: input.coin, startTime, endTime, funding };
};
