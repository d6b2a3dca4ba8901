import { ServiceError } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { entityIdToLongZeroAddress, hederaContractIdToEvmAddress } from './contract-id-to-evm-address.js';

// Pure: the handler touches neither the store nor the caller.
const context = { mode: 'sandbox', caller: undefined } as HandlerContext;

describe('hederaContractIdToEvmAddress', () => {
  it('derives the long-zero address (shard 4 bytes, realm 8, num 8)', async () => {
    expect(entityIdToLongZeroAddress('0.0.1234')).toBe('0x00000000000000000000000000000000000004d2');
    expect(entityIdToLongZeroAddress('1.2.3')).toBe('0x0000000100000000000000020000000000000003');
    expect(await hederaContractIdToEvmAddress({ contractId: '0.0.456858' }, context)).toEqual({
      contractId: '0.0.456858',
      evmAddress: '0x000000000000000000000000000000000006f89a',
    });
  });

  it('rejects parts that do not fit their byte width', () => {
    expect(() => entityIdToLongZeroAddress('4294967296.0.1')).toThrow(ServiceError);
    expect(() => entityIdToLongZeroAddress('0.0.18446744073709551616')).toThrow(/num out of range/);
    expect(entityIdToLongZeroAddress('0.0.18446744073709551615')).toBe('0x000000000000000000000000ffffffffffffffff');
  });
});
