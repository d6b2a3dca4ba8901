import type { Handler } from '../handler.js';

/** A positive number as a plain decimal string (no exponent), trailing fraction zeros dropped. */
function plainDecimal(value: number, significantDigits: number): string {
  const [mantissa = '0', exponentText = '0'] = value.toExponential(significantDigits - 1).split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  let text: string;
  if (exponent < 0) text = `0.${'0'.repeat(-exponent - 1)}${digits}`;
  else if (exponent + 1 >= digits.length) text = digits + '0'.repeat(exponent + 1 - digits.length);
  else text = `${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * priceFormatted = priceUsd * (1 + adjustPercent / 100), rounded to significantDigits and written as a POSDEC.
 * Output: `{ priceUsd, adjustPercent, direction, significantDigits, adjustedPriceUsd, priceFormatted }`.
 */
export const calculateAdjustedPrice: Handler<'calculateAdjustedPrice'> = async ({
  priceUsd,
  adjustPercent,
  direction,
  significantDigits,
}) => {
  const adjusted = Number(priceUsd) * (1 + adjustPercent / 100);
  return {
    priceUsd: String(priceUsd),
    adjustPercent,
    direction: direction ?? null,
    significantDigits,
    adjustedPriceUsd: adjusted,
    priceFormatted: plainDecimal(adjusted, significantDigits),
  };
};
