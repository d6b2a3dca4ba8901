import { describe, expect, it } from 'vitest';
import { formatDecimal } from './decimal-amount.js';

describe('formatDecimal', () => {
  it('writes atomic units in whole units, trailing zeros trimmed', () => {
    expect(formatDecimal(2505n, 1)).toBe('250.5');
    expect(formatDecimal(10n ** 18n, 18)).toBe('1');
    expect(formatDecimal(225050n, 2)).toBe('2250.5');
    expect(formatDecimal(7n, 0)).toBe('7');
    expect(formatDecimal(1n, 8)).toBe('0.00000001');
    expect(formatDecimal(0n, 18)).toBe('0');
  });
});
