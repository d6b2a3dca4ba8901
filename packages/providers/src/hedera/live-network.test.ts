import { useMockAgent } from '../testing.js';
import { describe, expect, it } from 'vitest';
import { liveHederaNetwork } from './live-network.js';

describe('live Hedera network settings', () => {
  const mockAgent = useMockAgent();

  it('is absent without HEDERA_NETWORK (the tools then answer 503 naming it)', () => {
    expect(liveHederaNetwork({})).toBeUndefined();
  });

  it('reads accounts from the network public mirror node, and names SAUCERSWAP_API_KEY when the venue is used without it', async () => {
    const network = await liveHederaNetwork({ HEDERA_NETWORK: 'mainnet' })!();
    mockAgent()
      .get('https://mainnet-public.mirrornode.hedera.com')
      .intercept({ method: 'GET', path: '/api/v1/accounts/0.0.98' })
      .reply(
        200,
        {
          account: '0.0.98',
          evm_address: '0x0000000000000000000000000000000000000062',
          key: null,
          balance: { balance: 5, tokens: [] },
        },
        { headers: { 'content-type': 'application/json' } },
      );
    expect(await network.account('0.0.98')).toMatchObject({ accountId: '0.0.98', tinybar: 5n });
    expect(network.caip2).toBe('hedera:mainnet');
    expect(network.swapRouter).toEqual({ routerId: '0.0.3045981', whbarTokenId: '0.0.1456986' });
    await expect(network.pools()).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'SAUCERSWAP_API_KEY' },
    });
  });

  it('needs the router set on testnet, where SaucerSwap V1 has no known default', async () => {
    const network = await liveHederaNetwork({ HEDERA_NETWORK: 'testnet' })!();
    expect(() => network.swapRouter).toThrow(
      expect.objectContaining({ code: 'not_configured', extra: { setting: 'HEDERA_SWAP_ROUTER_ID' } }),
    );
  });
});
