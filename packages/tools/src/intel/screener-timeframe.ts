import { invalidField } from '@svc/contracts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Nansen's token-screener timeframes (docs.nansen.ai, Token Screener) and the span each covers. */
const TIMEFRAMES = new Map([
  ['5m', 5 * MINUTE_MS],
  ['10m', 10 * MINUTE_MS],
  ['1h', HOUR_MS],
  ['6h', 6 * HOUR_MS],
  ['24h', 24 * HOUR_MS],
  ['7d', 7 * 24 * HOUR_MS],
  ['30d', 30 * 24 * HOUR_MS],
]);

/**
 * The span of an intel_token_screener timeframe in milliseconds. The catalog takes any string (the spec's word);
 * another one would be refused by Nansen after the call was paid, and means nothing to the sandbox: a 400 first.
 */
export function screenerTimeframeMs(timeframe: string): number {
  const span = TIMEFRAMES.get(timeframe);
  if (span !== undefined) return span;
  throw invalidField('timeframe', 'enum', `must be one of ${[...TIMEFRAMES.keys()].join(', ')} (Nansen's timeframes)`);
}
