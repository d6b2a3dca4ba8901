import { describe, expect, it } from 'vitest';
import { assetBalance } from './chain-balances.js';

describe('assetBalance', () => {
  it('keeps the exact balance and rounds the display value half-up to 6 decimals', () => {
    expect(assetBalance('ETH', null, 1_234_567_890_123_456_789n, 18)).toEqual({
      symbol: 'ETH',
      address: null,
      decimals: 18,
      balance: '1.234567890123456789',
      humanReadableBalance: '1.234568',
    });
    expect(assetBalance('USDC', '0xa', 1_500_000n, 6)).toMatchObject({ balance: '1.5', humanReadableBalance: '1.5' });
    expect(assetBalance('BTC', null, 0n, 8)).toMatchObject({ balance: '0', humanReadableBalance: '0' });
    expect(assetBalance('X', null, 4n, 7)).toMatchObject({ balance: '0.0000004', humanReadableBalance: '0' });
  });
});
