/** Exact decimal arithmetic for money: decimal strings in, bigint atomic units out. Never floats. */

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** Parse a non-negative decimal string into a bigint scaled by 10^scale, rounding up any excess digits. */
export function scaleUp(decimal: string, scale: number): bigint {
  if (!DECIMAL.test(decimal)) throw new Error(`Not a non-negative decimal string: "${decimal}"`);
  const [whole = '0', fraction = ''] = decimal.split('.');
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  const dropped = fraction.slice(scale);
  const value = BigInt(whole) * 10n ** BigInt(scale) + BigInt(kept || '0');
  return /[1-9]/.test(dropped) ? value + 1n : value;
}

/** Render atomic units as a decimal string with `decimals` places, trailing zeros trimmed. */
export function formatUnits(atomic: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const whole = atomic / base;
  const fraction = (atomic % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

const PRICE_SCALE = 18;

/**
 * Atomic units of a token worth `usd`, given the token's USD price. Rounds up, so the service never receives
 * less than the listed USD price. A USD-pegged token passes price "1".
 */
export function usdToAtomic(usd: string, decimals: number, tokenUsdPrice: string): bigint {
  const usdScaled = scaleUp(usd, PRICE_SCALE);
  const priceScaled = scaleUp(tokenUsdPrice, PRICE_SCALE);
  if (priceScaled === 0n) throw new Error('Token USD price must be positive.');
  const numerator = usdScaled * 10n ** BigInt(decimals);
  const quotient = numerator / priceScaled;
  return numerator % priceScaled === 0n ? quotient : quotient + 1n;
}
