import { describe, expect, it } from 'vitest';
import { transferSats } from './sat-ranges.js';
import { firstSatRarity, type Mint, rareSatsIn } from './sat-numbering.js';

describe('sandbox ordinal numbering', () => {
  it('scales difficulty adjustments, halvings and cycles by 336: rare every 6 blocks, epic every 625, legendary every 3750', () => {
    expect(firstSatRarity(1, 0n)).toBe('MYTHIC');
    expect(firstSatRarity(7, 100n)).toBe('UNCOMMON');
    expect(firstSatRarity(12, 100n)).toBe('RARE');
    expect(firstSatRarity(1250, 100n)).toBe('EPIC');
    expect(firstSatRarity(3750, 100n)).toBe('LEGENDARY');
    expect(firstSatRarity(7500, 100n)).toBe('LEGENDARY');
  });

  it('finds the first sat of every mint inside the ranges, in range order', () => {
    const mints: Mint[] = [
      { height: 1, start: 0n, end: 1000n },
      { height: 3, start: 1000n, end: 1500n },
      { height: 6, start: 1500n, end: 1600n },
    ];
    expect(
      rareSatsIn(mints, [
        [1500n, 1550n],
        [0n, 1000n],
      ]),
    ).toEqual([
      { sat: 1500n, rarity: 'RARE', height: 6 },
      { sat: 0n, rarity: 'MYTHIC', height: 1 },
    ]);
    // [1, 1000) holds no first sat; [999, 1001) holds block 3's.
    expect(rareSatsIn(mints, [[1n, 1000n]])).toEqual([]);
    expect(rareSatsIn(mints, [[999n, 1001n]])).toEqual([{ sat: 1000n, rarity: 'UNCOMMON', height: 3 }]);
  });
});

describe('first in, first out sat transfer', () => {
  it('fills outputs in order from the inputs in order; what is left is the fee', () => {
    const { outputs, fee } = transferSats(
      [
        [
          [0n, 10n],
          [50n, 55n],
        ],
        [[100n, 120n]],
      ],
      [12n, 3n, 15n],
    );
    expect(outputs).toEqual([
      [
        [0n, 10n],
        [50n, 52n],
      ],
      [[52n, 55n]],
      [[100n, 115n]],
    ]);
    expect(fee).toEqual([[115n, 120n]]);
  });

  it('an output larger than the inputs takes what there is (the coinbase case never leaves a fee)', () => {
    expect(transferSats([[[0n, 5n]]], [5n])).toEqual({ outputs: [[[0n, 5n]]], fee: [] });
    expect(transferSats([[[0n, 5n]]], [3n, 9n]).outputs).toEqual([[[0n, 3n]], [[3n, 5n]]]);
  });
});
