import { CREDIT_DECIMALS, PAYMENT_TOKENS } from '@svc/payments';
import { CREDIT_TOKEN } from '../pay/credit.js';

/**
 * Ledger tokens whose atomic amounts are exact USD: the USD-pegged payment tokens and account credit (micro-USD).
 * STX and sBTC payments are not among them.
 */
export const USD_PEGGED_TOKENS = [
  ...Object.values(PAYMENT_TOKENS)
    .filter((token) => token.quotedAs === null)
    .map(({ id, decimals }) => ({ id, decimals })),
  { id: CREDIT_TOKEN, decimals: CREDIT_DECIMALS },
];

/**
 * How each leaderboard column is computed, returned with every page so no number is left unexplained. Columns
 * without a data source yet are 0 for everyone, never estimated.
 */
export const METRIC_FORMULAS = {
  volume: `USD paid for calls, summed over settled calls paid in USD-pegged tokens or account credit (${USD_PEGGED_TOKENS.map((t) => t.id).join(', ')}); STX and sBTC payments count as transactions but not as volume (their USD value at payment time is not stored)`,
  transactions: 'number of settled (paid) tool calls',
  referrals: 'always 0: the service has no referral program yet',
  aura: 'transactions + whole US cents of volume',
  pnl: 'always "0": the service holds no positions yet, so there is no profit or loss to report',
} as const;

/** Columns every account has as 0 today: ranking by them ties everyone. */
export const UNAVAILABLE_METRICS = ['referrals', 'pnl'] as const;
