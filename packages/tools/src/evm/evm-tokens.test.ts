import { ServiceError } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { atomicAmount } from './evm-tokens.js';
import { parseSellAmount } from './swap/plan-swap.js';
import type { EvmNetwork } from '@svc/providers';

const LINK = { address: '0x00000000000000000000000000000000000000a1', symbol: 'LINK', decimals: 18 } as const;
const WBTC = { address: '0x00000000000000000000000000000000000000b1', symbol: 'WBTC', decimals: 8 } as const;
/** Only priceUsd is used by parseSellAmount. */
const pricedAt = (usd: number) => ({ priceUsd: async () => usd }) as unknown as EvmNetwork;

describe('EVM amounts', () => {
  it('converts whole-token decimals exactly and refuses more decimals than the token has', () => {
    expect(atomicAmount('1.5', 6, 'amount')).toBe(1_500_000n);
    expect(atomicAmount('0.00000001', 8, 'amount')).toBe(1n);
    expect(() => atomicAmount('0.000000001', 8, 'amount')).toThrow(ServiceError);
    expect(() => atomicAmount('0.0000001', 6, 'amount')).toThrow(/decimals/);
  });

  it('reads USD budgets ($5, 5 usd, 5USD) with the sell token price, rounding down; token units otherwise; max stays max', async () => {
    expect(await parseSellAmount(pricedAt(15), LINK, '$15')).toBe(1_000_000_000_000_000_000n);
    expect(await parseSellAmount(pricedAt(15), LINK, '7.5 usd')).toBe(500_000_000_000_000_000n);
    expect(await parseSellAmount(pricedAt(60_000), WBTC, '100USD')).toBe(166_666n);
    expect(await parseSellAmount(pricedAt(60_000), WBTC, '0.5')).toBe(50_000_000n);
    expect(await parseSellAmount(pricedAt(1), LINK, 'max')).toBe('max');
  });
});
