import { describe, expect, it } from 'vitest';
import { FIRST_RUNE_HEIGHT, minimumRuneAt, RESERVED_RUNE, runeValue, unlockHeight } from './rune-names.js';

describe('rune names at the sandbox scale', () => {
  it('numbers names in base 26 (A = 0, Z = 25, AA = 26) and refuses names beyond u128', () => {
    expect(runeValue('A')).toBe(0n);
    expect(runeValue('Z')).toBe(25n);
    expect(runeValue('AA')).toBe(26n);
    expect(runeValue('AAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(RESERVED_RUNE);
    expect(runeValue('BCGDENLQRQWDSLRUGSNLBTMFIJAV')).toBe((1n << 128n) - 1n);
    expect(runeValue('BCGDENLQRQWDSLRUGSNLBTMFIJAW')).toBeUndefined();
  });

  it('unlocks 13-letter names at the first rune height (2500) and one letter fewer every twelfth of 625 blocks', () => {
    expect(FIRST_RUNE_HEIGHT).toBe(2500);
    expect(minimumRuneAt(0)).toBe(runeValue('AAAAAAAAAAAAA'));
    expect(unlockHeight(runeValue('AAAAAAAAAAAAA')!)).toBe(2500);
    expect(unlockHeight(runeValue('UNCOMMONGOODS')!)).toBe(2500);
    // The smallest 12-letter name opens when a twelfth of the halving has passed: offset 2500 + 625/12 = 2552.08.
    expect(unlockHeight(runeValue('AAAAAAAAAAAA')!)).toBe(2552);
    // One letter opens only at the end of the schedule, a halving after the first rune height.
    expect(unlockHeight(runeValue('A')!)).toBe(3124);
    expect(minimumRuneAt(3124)).toBe(0n);
    // The minimum never rises.
    for (let height = 2490; height < 3130; height += 1)
      expect(minimumRuneAt(height + 1)).toBeLessThanOrEqual(minimumRuneAt(height));
  });
});
