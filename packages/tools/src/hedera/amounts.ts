import { invalidField } from '@svc/contracts';

/**
 * Atomic units of a positive decimal amount of a token with `decimals` places. More fractional digits than the
 * token has is a 400 (the amount cannot be moved exactly), as is zero or anything that is not a decimal.
 */
export function unitsOf(field: string, amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw invalidField(field, 'format', `"${amount}" is not a positive decimal number`);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > decimals)
    throw invalidField(field, 'precision', `this token has ${decimals} decimals; "${amount}" has more`, { decimals });
  const units =
    BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0');
  if (units === 0n) throw invalidField(field, 'too_small', 'must be greater than zero');
  return units;
}
