import type { ToolByName, ToolInput } from '@svc/contracts';
import type { Handler } from '../../handler.js';
import type { CurveToken } from '../../ports/solana-launchpads.js';
import { launchpadsOf, tokenView } from '../solana/launchpad-calls.js';

type Input = ToolInput<ToolByName<'getCurveTokens'>>;

/** A curve at or past this percent sold is about to graduate. */
export const ABOUT_TO_GRADUATE_PERCENT = 80;
const MAX_LIMIT = 100;

/** The range filters (spec rule 3): the metric each `<name>_gte` / `<name>_lte` pair bounds. */
const METRICS = {
  marketCap: (token: CurveToken) => token.marketCapUsd,
  liquidUsd: (token: CurveToken) => token.liquidityUsd,
  volume: (token: CurveToken) => token.volumeUsd,
  devHoldPercent: (token: CurveToken) => token.devHoldPercent,
  insiderHoldPercent: (token: CurveToken) => token.insiderHoldPercent,
  holderCount: (token: CurveToken) => token.holderCount,
  buyCount: (token: CurveToken) => token.buyCount,
  sellCount: (token: CurveToken) => token.sellCount,
  tradeCount: (token: CurveToken) => token.buyCount + token.sellCount,
  sniperWalletCount: (token: CurveToken) => token.sniperWalletCount,
} as const;

/** Every bound holds; a figure the source does not tell (null) meets no bound. */
function withinRanges(token: CurveToken, input: Input): boolean {
  return Object.entries(METRICS).every(([name, metric]) => {
    const bounds = input as unknown as Record<string, number | undefined>;
    const [least, most] = [bounds[`${name}_gte`], bounds[`${name}_lte`]];
    if (least === undefined && most === undefined) return true;
    const value = metric(token);
    return value !== null && (least === undefined || value >= least) && (most === undefined || value <= most);
  });
}

/** The lifecycle class (spec): still on the curve; on it and nearly sold out; or graduated to the swap venue. */
const inClass: Record<Input['type'], (token: CurveToken) => boolean> = {
  newly_created: (token) => !token.graduated,
  about_to_graduate: (token) => !token.graduated && token.curvePercent >= ABOUT_TO_GRADUATE_PERCENT,
  graduated: (token) => token.graduated,
};

/**
 * Lists the pump-style launchpad's tokens of one lifecycle class, computed from their curves and trades: newly
 * created (on the curve, newest first), about to graduate (at least 80% of the curve sold, most sold first) or
 * graduated (trading on the swap venue, latest graduation first); orderBy overrides the order. The range filters
 * apply with their spec defaults (marketCap_gte 30000, volume_gte 5000, holderCount_gte 30).
 */
export const getCurveTokens: Handler<'getCurveTokens'> = async (input, context) => {
  const launchpads = launchpadsOf(context);
  const matching = (await launchpads.tokens('pump', input.type)).filter(
    (token) => inClass[input.type](token) && withinRanges(token, input),
  );
  const order = input.orderBy ?? (input.type === 'about_to_graduate' ? 'curvePercent+desc' : 'createdAt+desc');
  const key = (token: CurveToken) =>
    order === 'curvePercent+desc'
      ? token.curvePercent
      : input.type === 'graduated'
        ? (token.graduatedAt ?? token.createdAt)
        : token.createdAt;
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(input.limit)));
  const tokens = matching.sort((a, b) => key(b) - key(a)).slice(0, limit);
  return {
    type: input.type,
    chain: input.chain,
    context: input.context,
    orderBy: order,
    count: tokens.length,
    tokens: tokens.map((token) => ({
      ...tokenView(token),
      venue: token.graduated ? 'jupiter' : 'pump',
    })),
    source: launchpads.source,
  };
};
