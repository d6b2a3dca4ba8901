import { invalidField, ServiceError } from '@svc/contracts';
import type { Handler } from '../../handler.js';
import type { CurveToken } from '../../ports/solana-launchpads.js';
import { launchpadsOf, tokenView } from '../solana/launchpad-calls.js';

const MAX_SIZE = 100;
const WSOL_MINT = 'So11111111111111111111111111111111111111112';

const ORDER: Record<'marketCap' | 'new' | 'lastTrade', (token: CurveToken) => number> = {
  marketCap: (token) => token.marketCapUsd,
  new: (token) => token.createdAt,
  lastTrade: (token) => token.lastTradeAt,
};

/**
 * Lists the LaunchLab-style launchpad's tokens still on their curves (mintType default), sorted by market cap,
 * newest or latest trade, a page of `size` at a time; nextPageId continues a listing. Rows carry LaunchLab's
 * fields (finishingRate = percent of the curve sold, mintB = the quote mint) besides the common token figures.
 */
export const discoverPadTokens: Handler<'discoverPadTokens'> = async (input, context) => {
  const launchpads = launchpadsOf(context);
  const offset = input.nextPageId === undefined ? 0 : Number(input.nextPageId);
  if (!Number.isInteger(offset) || offset < 0)
    throw invalidField('nextPageId', 'format', 'pass the nextPageId of a previous answer');
  const size = Math.max(1, Math.min(MAX_SIZE, Math.floor(input.size)));
  const onCurve = (await launchpads.tokens('pad')).filter((token) => !token.graduated);
  // Live, the tokens come from LaunchLab's pool accounts, which hold no creation or trade time (0 here).
  if (input.sort !== 'marketCap' && onCurve.some((token) => ORDER[input.sort](token) === 0))
    throw new ServiceError(
      'not_implemented',
      `Sorting by ${input.sort} needs creation and trade times that ${launchpads.source} does not have; sort by marketCap.`,
    );
  const sorted = onCurve.sort((a, b) => ORDER[input.sort](b) - ORDER[input.sort](a));
  const page = sorted.slice(offset, offset + size);
  const next = offset + size < sorted.length ? String(offset + size) : null;
  return {
    sort: input.sort,
    mintType: input.mintType,
    platformId: input.platformId,
    count: page.length,
    rows: page.map((token) => ({
      ...tokenView(token),
      finishingRate: token.curvePercent,
      mintB: WSOL_MINT,
      totalFundRaisingB: token.targetSol,
      marketCap: token.marketCapUsd,
    })),
    nextPageId: next,
    source: launchpads.source,
  };
};
