import { describe, expect, it } from 'vitest';
import { atomicOf, type VaultAsset } from './vault-funds.js';

const eth: VaultAsset = { network: 'eth', tokenContract: null, symbol: 'ETH', decimals: 18 };
const sol: VaultAsset = { network: 'sol', tokenContract: null, symbol: 'SOL', decimals: 9 };

const issueOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { issues?: unknown[] }).issues?.[0];
  }
  throw new Error('not refused');
};

describe('atomicOf', () => {
  it('takes an EVM amount above a u64 of wei (18.45 ETH) up to a uint256', () => {
    expect(atomicOf(eth, 20, 'fromAmount')).toBe(20n * 10n ** 18n);
    expect(atomicOf(eth, 1e40, 'fromAmount')).toBe(10n ** 58n);
    expect(issueOf(() => atomicOf(eth, 1e60, 'fromAmount'))).toMatchObject({ field: 'fromAmount', rule: 'too_big' });
  });

  it("keeps Solana's u64 limit", () => {
    expect(atomicOf(sol, 18, 'fromAmount')).toBe(18n * 10n ** 9n);
    expect(issueOf(() => atomicOf(sol, 2e10, 'fromAmount'))).toMatchObject({ field: 'fromAmount', rule: 'too_big' });
  });

  it('refuses zero, more decimals than the token has, and a number JSON read as Infinity', () => {
    expect(issueOf(() => atomicOf(eth, 0, 'fromAmount'))).toMatchObject({ rule: 'positive' });
    expect(issueOf(() => atomicOf({ ...eth, decimals: 6 }, 1.0000001, 'fromAmount'))).toMatchObject({
      rule: 'precision',
    });
    expect(issueOf(() => atomicOf(eth, Infinity, 'fromAmount'))).toMatchObject({ rule: 'format' });
  });
});
