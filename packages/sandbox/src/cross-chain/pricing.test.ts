import { describe, expect, it } from 'vitest';
import type { CrossChainAsset } from './assets.js';
import { atomicWorth, convert } from './pricing.js';

const asset = (symbol: string, decimals: number): CrossChainAsset => ({
  network: 'eth',
  chainId: 1,
  symbol,
  name: symbol,
  decimals,
  address: null,
});
const USDC = asset('USDC', 6);
const ETH = asset('ETH', 18);
const BONK = asset('BONK', 5);

describe('cross-chain pricing', () => {
  it('converts across decimals at the two USD prices, the fee taken from the amount out and rounded up', () => {
    // 3000 USDC at $1 into ETH at $3000: 1 ETH gross, 0.5 % fee.
    expect(convert(3_000_000_000n, { asset: USDC, priceUsd: 1 }, { asset: ETH, priceUsd: 3000 }, 50n)).toEqual({
      out: 995_000_000_000_000_000n,
      fee: 5_000_000_000_000_000n,
    });
    // 1 ETH into BONK at $0.00002: 150,000,000 BONK gross (5 decimals).
    const { out, fee } = convert(10n ** 18n, { asset: ETH, priceUsd: 3000 }, { asset: BONK, priceUsd: 0.00002 }, 30n);
    expect(out + fee).toBe(150_000_000n * 10n ** 5n);
    expect(fee).toBe(45_000_000_000n);
    // A fee that is not a whole unit is rounded up: the operator never pays out more than the rate allows.
    expect(convert(1n, { asset: USDC, priceUsd: 1 }, { asset: USDC, priceUsd: 1 }, 50n)).toEqual({ out: 0n, fee: 1n });
  });

  it('gives the atomic amount worth a USD figure, rounded up, and refuses an unusable price', () => {
    expect(atomicWorth(5, USDC, 1)).toBe(5_000_000n);
    expect(atomicWorth(5, ETH, 3000)).toBe(1_666_666_666_666_667n);
    expect(() => atomicWorth(5, ETH, 0)).toThrow(RangeError);
    expect(() => convert(1n, { asset: ETH, priceUsd: Number.NaN }, { asset: USDC, priceUsd: 1 }, 0n)).toThrow(
      RangeError,
    );
  });
});
