import { catalog } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { handlers, valuations } from './families.js';
import { movesNothing, valueOf, valueOfQuantity } from './valuation.js';

describe('what wallet-modifying tools move', () => {
  it('every implemented write tool declares a valuation (or movesNothing), and only write tools do', () => {
    const writes = catalog
      .filter((tool) => tool.effect === 'write' && handlers[tool.name] !== undefined)
      .map((tool) => tool.name);
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((name) => valuations[name] === undefined)).toEqual([]);
    const declared = Object.keys(valuations);
    expect(declared.filter((name) => !writes.includes(name as (typeof writes)[number]))).toEqual([]);
    expect(valuations.cancelPosition).toBe(movesNothing);
  });

  it('values atomic amounts in micro-USD, rounded up, and names what it cannot price', () => {
    expect(valueOf(10n ** 18n, 18, 2_000, 'ETH')).toEqual({ usd: '2000' });
    expect(valueOf(1n, 18, 2_000, 'ETH')).toEqual({ usd: '0.000001' });
    expect(valueOf(12_345_678n, 6, 1, 'USDC')).toEqual({ usd: '12.345678' });
    expect(valueOfQuantity(0.5, 150.25, 'SOL')).toEqual({ usd: '75.125' });
    expect(valueOfQuantity('3', undefined, 'XYZ on Solana')).toEqual({ unpriced: 'no USD price for XYZ on Solana' });
    expect(valueOf(1n, 0, 0, 'DUST')).toEqual({ unpriced: 'no USD price for DUST' });
  });
});
