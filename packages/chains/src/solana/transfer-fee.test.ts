import { describe, expect, it } from 'vitest';
import { grossForNet, transferFeeAt, transferFeeOf } from './transfer-fee.js';

const onePercent = { epoch: 0n, maximumFee: 5_000n, transferFeeBasisPoints: 100 };

describe('Token-2022 transfer fee', () => {
  it('rounds the fee up and caps it at the maximum', () => {
    expect(transferFeeOf(onePercent, 10_000n)).toBe(100n);
    expect(transferFeeOf(onePercent, 10_001n)).toBe(101n);
    expect(transferFeeOf(onePercent, 1n)).toBe(1n);
    expect(transferFeeOf(onePercent, 10_000_000n)).toBe(5_000n);
    expect(transferFeeOf(undefined, 10_000n)).toBe(0n);
    expect(transferFeeOf({ ...onePercent, transferFeeBasisPoints: 0 }, 10_000n)).toBe(0n);
  });

  it('finds the least gross amount that nets at least the target', () => {
    for (const net of [1n, 99n, 100n, 9_900n, 9_901n, 123_456n, 10_000_000n]) {
      const gross = grossForNet(onePercent, net);
      expect(gross - transferFeeOf(onePercent, gross)).toBeGreaterThanOrEqual(net);
      expect(gross - 1n - transferFeeOf(onePercent, gross - 1n)).toBeLessThan(net);
    }
    expect(grossForNet(undefined, 42n)).toBe(42n);
  });

  it('uses the newer schedule from its epoch on', () => {
    const config = {
      olderTransferFee: onePercent,
      newerTransferFee: { ...onePercent, epoch: 10n, transferFeeBasisPoints: 50 },
    };
    expect(transferFeeAt(config, 9n).transferFeeBasisPoints).toBe(100);
    expect(transferFeeAt(config, 10n).transferFeeBasisPoints).toBe(50);
  });
});
