import { describe, expect, it } from 'vitest';
import { formatUnits, scaleUp, usdToAtomic } from './amounts.js';

describe('amounts', () => {
  it('scales decimal strings exactly and rounds excess digits up', () => {
    expect(scaleUp('0.0012', 6)).toBe(1200n);
    expect(scaleUp('12', 2)).toBe(1200n);
    expect(scaleUp('0.0000001', 6)).toBe(1n);
    expect(scaleUp('0.0000000', 6)).toBe(0n);
    expect(() => scaleUp('-1', 6)).toThrow(/decimal/);
    expect(() => scaleUp('1e3', 6)).toThrow(/decimal/);
  });

  it('converts USD to atomic units of pegged and quoted tokens, never under-charging', () => {
    expect(usdToAtomic('0.0012', 6, '1')).toBe(1200n);
    expect(usdToAtomic('0.2205', 6, '1')).toBe(220500n);
    // 0.0012 USD at 0.65 USD/STX = 0.001846153... STX -> 1847 microSTX (rounded up)
    expect(usdToAtomic('0.0012', 6, '0.65')).toBe(1847n);
    // 0.0012 USD at 97,000 USD/BTC = 1.237...e-8 BTC -> 2 sats
    expect(usdToAtomic('0.0012', 8, '97000')).toBe(2n);
    expect(usdToAtomic('97000', 8, '97000')).toBe(100_000_000n);
    expect(() => usdToAtomic('1', 6, '0')).toThrow(/positive/);
  });

  it('formats atomic units back to decimals', () => {
    expect(formatUnits(1200n, 6)).toBe('0.0012');
    expect(formatUnits(100_000_000n, 8)).toBe('1');
    expect(formatUnits(0n, 6)).toBe('0');
  });
});
