import type { ChangeNowClient, RelayClient } from '@svc/providers';
import { describe, expect, it } from 'vitest';
import { liveBridge } from './live-bridge.js';
import { liveRouter } from './live-router.js';

const exchange = (status: string) => ({
  id: 'c2036055d1f776',
  status,
  fromCurrency: 'eth',
  fromNetwork: 'eth',
  toCurrency: 'usdt',
  toNetwork: 'eth',
  expectedAmountFrom: '0.01',
  expectedAmountTo: '18.373221',
  amountFrom: null,
  amountTo: null,
  payinAddress: '0x82E5678e6360596b949f2d5727b61BEa1402126d',
  payoutAddress: '0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C',
  refundAddress: null,
  payinHash: null,
  payoutHash: null,
  refundHash: null,
  createdAt: null,
  updatedAt: null,
  validUntil: null,
});

describe('the live cross-chain adapters', () => {
  it("keep ChangeNOW's states and show one the tools do not know as still exchanging", async () => {
    const states = ['refunded', 'hold'];
    const client = { exchange: async () => exchange(states.shift()!) } as unknown as ChangeNowClient;
    const bridge = liveBridge(client);
    expect((await bridge.exchange('c2036055d1f776'))?.status).toBe('refunded');
    expect((await bridge.exchange('c2036055d1f776'))?.status).toBe('exchanging');
  });

  it("keep Relay's states, show its intermediate ones as pending, and never fail a swap on a failed index call", async () => {
    const states = ['refund', 'delayed'];
    const client = {
      status: async (requestId: string) => ({
        requestId,
        status: states.shift()!,
        inTxHashes: [],
        txHashes: [],
        originChainId: 1,
        destinationChainId: 8453,
        updatedAt: null,
        details: null,
      }),
      indexTransaction: async () => {
        throw new Error('Relay answered HTTP 500');
      },
    } as unknown as RelayClient;
    const router = liveRouter(client);
    expect((await router.status('0xabc'))?.status).toBe('refund');
    expect((await router.status('0xabc'))?.status).toBe('pending');
    await expect(router.indexTransaction('0xabc', 1, '0xdef')).resolves.toBeUndefined();
  });
});
