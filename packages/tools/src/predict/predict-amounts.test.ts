import { describe, expect, it } from 'vitest';
import { sortedPage } from './positions-order.js';
import { predictAtomic, tokenIdOf } from './predict-amounts.js';

describe('predict amounts', () => {
  it('takes USD and shares to 6 decimals, refusing what is not positive, finer or in exponent form', () => {
    expect(predictAtomic(40)).toBe(40_000_000n);
    expect(predictAtomic(0.000001)).toBe(1n);
    for (const amount of [0, -1, 0.0000001, 1e21, Number.NaN])
      expect(() => predictAtomic(amount), String(amount)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('reads outcome token ids as decimal uint256s only', () => {
    expect(tokenIdOf('60590045489347122735554346200880179420435533609307820342798544098823516727807')).toBe(
      60590045489347122735554346200880179420435533609307820342798544098823516727807n,
    );
    for (const id of ['0x12', '-1', '1.5', '', '1'.repeat(79)])
      expect(() => tokenIdOf(id), id).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });
});

describe('positions order', () => {
  const position = (title: string, currentValue: number, size: number) => ({
    title,
    currentValue,
    size,
    avgPrice: 0.5,
    initialValue: size / 2,
    cashPnl: currentValue - size / 2,
    percentPnl: 0,
    curPrice: currentValue / size,
    endDate: '2027-01-01',
  });
  const positions = [position('b', 10, 30), position('a', 30, 10), position('c', 20, 20)];

  it('sorts by the Data API key and direction, then pages', () => {
    const query = { limit: 2, offset: 0, sortBy: 'CURRENT', sortOrder: 'desc' } as const;
    expect(sortedPage(positions, query).map((p) => p.title)).toEqual(['a', 'c']);
    expect(sortedPage(positions, { ...query, offset: 2 }).map((p) => p.title)).toEqual(['b']);
    expect(sortedPage(positions, { ...query, sortBy: 'TOKENS', sortOrder: 'asc' }).map((p) => p.title)).toEqual([
      'a',
      'c',
    ]);
    expect(
      sortedPage(positions, { ...query, sortBy: 'TITLE', sortOrder: 'asc', limit: 3 }).map((p) => p.title),
    ).toEqual(['a', 'b', 'c']);
  });
});
