/**
 * Atomic units as a decimal string in whole units, trailing zeros trimmed ("2250.5", "1000"): how BRC-20 and SRC-20
 * indexers write amounts (each protocol's own parser says which strings are amounts).
 */
export function formatDecimal(atomic: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  const fraction = (atomic % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${atomic / unit}.${fraction}` : (atomic / unit).toString();
}
