import { invalidField } from '@svc/contracts';
import { formatUnits } from 'viem';
import { atomicAmount } from '../evm/evm-tokens.js';

/** Collateral (USDC.e, pUSD) and outcome tokens alike have 6 decimals on Polymarket and in the sandbox. */
export const PREDICT_DECIMALS = 6;

/** A tool's `amount` (USD or shares, a JSON number) in atomic units; finer than 6 decimals or not positive is a 400. */
export function predictAtomic(amount: number, field = 'amount'): bigint {
  if (!Number.isFinite(amount) || amount <= 0) throw invalidField(field, 'positive', 'must be a positive number');
  const text = amount.toString();
  // A JSON number prints in exponent form only below 1e-6 or from 1e21: finer than a unit, or beyond any balance.
  if (/e/i.test(text))
    throw invalidField(field, 'precision', `has more than ${PREDICT_DECIMALS} decimals or is too large`);
  return atomicAmount(text, PREDICT_DECIMALS, field);
}

/** Atomic units as a decimal number (USD or shares), for answers. */
export const predictNumber = (atomic: bigint): number => Number(formatUnits(atomic, PREDICT_DECIMALS));

/** An outcome token id: a decimal uint256. */
export function tokenIdOf(tokenID: string): bigint {
  if (!/^\d{1,78}$/.test(tokenID)) throw invalidField('tokenID', 'format', 'must be a decimal outcome token id');
  return BigInt(tokenID);
}
