import { formatUnits, scaleUp } from './amounts.js';

/**
 * Account credit is kept in integer micro-USD (6 decimals: the precision of every catalog price and of USDC), so
 * a debit is exact. A price with more decimals would be rounded up, never down.
 */
export const CREDIT_DECIMALS = 6;

export const usdToCredit = (usd: string): bigint => scaleUp(usd, CREDIT_DECIMALS);

export const creditToUsd = (credit: bigint): string => formatUnits(credit, CREDIT_DECIMALS);
