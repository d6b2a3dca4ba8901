import { type FieldIssue, ServiceError } from '@svc/contracts';
import { leaderboard } from '@svc/store';
import type { Handler } from '../handler.js';
import { METRIC_FORMULAS, UNAVAILABLE_METRICS, USD_PEGGED_TOKENS } from './metrics.js';

/** The largest page (an unbounded page would be an unbounded query); the catalog publishes the same bound. */
const MAX_PAGE_SIZE = 100;

function checkPaging(page: number, pageSize: number): void {
  const issues: FieldIssue[] = [];
  if (!Number.isInteger(page) || page < 1)
    issues.push({ field: 'page', rule: 'too_small', limit: 1, message: 'page: must be an integer >= 1' });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    issues.push({
      field: 'pageSize',
      rule: 'too_big',
      limit: MAX_PAGE_SIZE,
      message: `pageSize: must be an integer from 1 to ${MAX_PAGE_SIZE}`,
    });
  }
  if (issues.length > 0)
    throw new ServiceError('invalid_input', `getLeaderboard: ${issues.map((i) => i.message).join('; ')}`, {
      issues,
      extra: { tool: 'getLeaderboard' },
    });
}

/**
 * Output: `{ orderBy, page, pageSize, total, entries: [{ rank, wallet, volumeUsd, transactions, referrals, aura,
 * pnlUsd }], formulas, unavailable }`, computed from the call ledger. `wallet` is the account's first signed-in
 * wallet; `query` keeps accounts with a wallet containing it (any case) and ranks stay global. Ordering by a column
 * in `unavailable` ties every account at rank 1 (listed by volume) and says so in `note`.
 */
export const getLeaderboard: Handler<'getLeaderboard'> = async ({ page, pageSize, orderBy, query }, context) => {
  checkPaging(page, pageSize);
  // UNAVAILABLE_METRICS are 0 for everyone: rank by volume and tie every account.
  const ranking = orderBy === 'referrals' || orderBy === 'pnl' ? 'volume' : orderBy;
  const tied = ranking !== orderBy;
  const { rows, total } = await leaderboard(context.db, {
    orderBy: ranking,
    page,
    pageSize,
    walletContains: query || undefined,
    usdTokens: USD_PEGGED_TOKENS,
  });
  const entries = rows.map(({ rank, wallet, volumeUsd, transactions, aura }) => ({
    rank: tied ? 1 : rank,
    wallet,
    volumeUsd,
    transactions,
    referrals: 0,
    aura,
    pnlUsd: '0',
  }));
  return {
    orderBy,
    page,
    pageSize,
    total,
    entries,
    formulas: METRIC_FORMULAS,
    unavailable: UNAVAILABLE_METRICS,
    ...(tied
      ? {
          note: `${orderBy} has no data source yet: every account has 0 and shares rank 1; entries are listed by volume.`,
        }
      : {}),
  };
};
