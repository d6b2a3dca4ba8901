/** Candles aggregated from the exchange's trades, in the info API's candleSnapshot shape. */
import { decimalString } from './markets.js';

export const CANDLE_INTERVALS = {
  '1m': 60_000,
  '5m': 5 * 60_000,
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
  '4h': 4 * 60 * 60_000,
  '1d': 24 * 60 * 60_000,
  '1w': 7 * 24 * 60 * 60_000,
} as const;

export type CandleInterval = keyof typeof CANDLE_INTERVALS;

export interface CandleTrade {
  readonly time: number;
  readonly px: number;
  readonly sz: number;
}

export type Candle = {
  /** Open time (ms, a multiple of the interval since the epoch; weeks start on Thursdays, as the epoch did). */
  readonly t: number;
  /** Close time: the last millisecond of the interval. */
  readonly T: number;
  readonly s: string;
  readonly i: CandleInterval;
  readonly o: string;
  readonly c: string;
  readonly h: string;
  readonly l: string;
  /** Base volume. */
  readonly v: string;
  /** Number of trades. */
  readonly n: number;
};

/**
 * One candle per interval that had trades, for the intervals overlapping [startTime, endTime], oldest first.
 * `trades` are in time order.
 */
export function candlesOf(
  coin: string,
  trades: readonly CandleTrade[],
  interval: CandleInterval,
  startTime: number,
  endTime: number,
): Candle[] {
  const width = CANDLE_INTERVALS[interval];
  const candles: Candle[] = [];
  let current: { t: number; o: number; c: number; h: number; l: number; v: number; n: number } | undefined;
  const close = () => {
    if (!current) return;
    const { t, o, c, h, l, v, n } = current;
    candles.push({
      t,
      T: t + width - 1,
      s: coin,
      i: interval,
      o: decimalString(o),
      c: decimalString(c),
      h: decimalString(h),
      l: decimalString(l),
      v: decimalString(v),
      n,
    });
  };
  for (const trade of trades) {
    const t = Math.floor(trade.time / width) * width;
    if (t + width - 1 < startTime || t > endTime) continue;
    if (current?.t !== t) {
      close();
      current = { t, o: trade.px, c: trade.px, h: trade.px, l: trade.px, v: 0, n: 0 };
    }
    current.c = trade.px;
    current.h = Math.max(current.h, trade.px);
    current.l = Math.min(current.l, trade.px);
    current.v += trade.sz;
    current.n += 1;
  }
  close();
  return candles;
}
