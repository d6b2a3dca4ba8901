import { CHAINID5 } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { EVM_CHAINS, evmChainById, evmChainByKey } from './registry.js';

describe('EVM chain registry', () => {
  it('covers exactly the chain ids the catalog accepts (CHAINID5), each once', () => {
    expect(EVM_CHAINS.map((c) => c.chainId).sort((a, b) => a - b)).toEqual([...CHAINID5.values].sort((a, b) => a - b));
    expect(new Set(EVM_CHAINS.map((c) => c.key)).size).toBe(EVM_CHAINS.length);
  });

  it('derives CAIP-2 ids from chain ids and finds chains both ways', () => {
    for (const chain of EVM_CHAINS) expect(chain.caip2).toBe(`eip155:${chain.chainId}`);
    expect(evmChainById(56)?.nativeSymbol).toBe('BNB');
    expect(evmChainByKey('polygon')?.chainId).toBe(137);
    expect(evmChainById(10)).toBeUndefined();
  });
});
