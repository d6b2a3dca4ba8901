import { invalidField } from '@svc/contracts';
import { U64, withinAtomicLimit } from '../atomic-limits.js';

/** Solana's base fee per signature, in lamports (what a transaction without a priority fee pays). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** `value` (a positive number or decimal text) in atomic units of a token with `decimals`; more decimals than it has is refused, not rounded, and so is more than a u64. */
export function atomicAmount(value: number | string, decimals: number, field: string): bigint {
  const text =
    typeof value === 'number'
      ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : value.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === '' || text === '.')
    throw invalidField(field, 'format', `"${text}" is not a positive decimal amount`);
  const [, whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals)
    throw invalidField(field, 'precision', `has ${significant.length} decimals; the token has ${decimals}`);
  const atomic = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(significant.padEnd(decimals, '0') || '0');
  if (atomic <= 0n) throw invalidField(field, 'too_small', 'must be at least one atomic unit of the token');
  return withinAtomicLimit(atomic, U64, field);
}
