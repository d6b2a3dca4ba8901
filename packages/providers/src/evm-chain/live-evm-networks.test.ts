import { ServiceError, serviceErrorIn } from '@svc/contracts';
import { useMockAgent } from '../testing.js';
import { describe, expect, it } from 'vitest';
import { collectProvenance } from '../upstream/index.js';
import { LIVE_KNOWN_TOKENS, liveEvmNetworks } from './live-evm-networks.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', decimals: 6 } as const;
const WETH = { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', decimals: 18 } as const;
/** The fields of a 0x v2 allowance-holder quote the venue reads (the recorded full shape is tested in @svc/providers). */
const ONE_ETH_QUOTE = {
  liquidityAvailable: true,
  buyAmount: '3004120000',
  minBuyAmount: '2974078800',
  transaction: {
    to: '0x0000000000001fF3684f28c67538d4D072C22734',
    data: '0x2213bc0b',
    value: '1000000000000000000',
    gas: '210000',
  },
};

/** A LI.FI same-chain quote on 4663, WETH into USDG (the fields the venue reads; full shape: evm-swap/fixtures). */
const ONE_WETH_ON_4663 = {
  tool: 'sushiswap',
  estimate: {
    toAmount: '2991500000',
    toAmountMin: '2961585000',
    approvalAddress: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
  },
  transactionRequest: { to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE', data: '0x4666fc80', value: '0x0' },
};

describe('live EVM networks over the swap aggregators', () => {
  const mockAgent = useMockAgent();

  it('unconfigured live chains and aggregators answer 503 naming the setting', async () => {
    const unconfigured = liveEvmNetworks({});
    await expect(unconfigured.network(137)).rejects.toMatchObject({
      code: 'not_configured',
      extra: { setting: 'RPC_URL_POLYGON' },
    });
    const rpcOnly = liveEvmNetworks({ RPC_URL_BASE: 'http://rpc.invalid' });
    const base = await rpcOnly.network(8453);
    const error = await base.swaps
      .route({ sell: USDC, buy: WETH, sellAtomic: 1n, taker: TAKER, slippageBps: 100 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'not_configured', extra: { setting: 'ZEROX_API_KEY' } });
  });

  it('live USD prices quote one token unit into the chain USDC through the venue', async () => {
    mockAgent()
      .get('https://api.0x.org')
      .intercept({
        method: 'GET',
        path: '/swap/allowance-holder/quote',
        query: {
          chainId: '8453',
          sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          buyToken: USDC.address,
          sellAmount: '1000000000000000000',
          taker: '0x0000000000000000000000000000000000000001',
          slippageBps: '100',
        },
      })
      .reply(200, ONE_ETH_QUOTE, { headers: JSON_HEADERS });
    const base = await liveEvmNetworks({ RPC_URL_BASE: 'http://rpc.invalid', ZEROX_API_KEY: 'k' }).network(8453);
    expect(await base.priceUsd(null)).toBeCloseTo(3004.12, 6);
    expect(await base.priceUsd(USDC.address)).toBe(1);
  });

  it('altchain (4663) prices in its USDG through LI.FI (no key needed); each chain has one USD reference', async () => {
    const usdg = LIVE_KNOWN_TOKENS[4663]!.find((token) => token.usdReference)!;
    expect(usdg).toMatchObject({ symbol: 'USDG', address: '0x5fc5360D0400a0Fd4f2af552ADD042D716F1d168', decimals: 6 });
    const weth = LIVE_KNOWN_TOKENS[4663]!.find((token) => token.symbol === 'WETH')!;
    mockAgent()
      .get('https://li.quest')
      .intercept({
        method: 'GET',
        path: '/v1/quote',
        query: {
          fromChain: '4663',
          toChain: '4663',
          fromToken: weth.address,
          toToken: usdg.address,
          fromAmount: '1000000000000000000',
          fromAddress: '0x0000000000000000000000000000000000000001',
          slippage: '0.01',
        },
      })
      .reply(200, ONE_WETH_ON_4663, { headers: JSON_HEADERS });
    const altchain = await liveEvmNetworks({ RPC_URL_ALTCHAIN: 'http://rpc.invalid' }).network(4663);
    expect(await altchain.priceUsd(weth.address)).toBeCloseTo(2991.5, 6);
    expect(await altchain.priceUsd(usdg.address)).toBe(1);
    // Every chain has exactly one USD reference, so every chain's priceUsd has a quote side.
    for (const tokens of Object.values(LIVE_KNOWN_TOKENS))
      expect(tokens.filter((token) => token.usdReference)).toHaveLength(1);
  });

  it('sends JSON-RPC through the chain RPC shared client: a failed read is retried, a broadcast is sent once', async () => {
    const rpc = 'https://base-rpc.example';
    const calls: string[] = [];
    const pool = mockAgent().get(rpc);
    const answer = (status: number, result?: string) => (options: { body?: unknown }) => {
      const request = JSON.parse(String(options.body)) as { id: number; method: string };
      calls.push(`${request.method} ${status}`);
      return { statusCode: status, data: result === undefined ? 'busy' : { jsonrpc: '2.0', id: request.id, result } };
    };
    pool.intercept({ method: 'POST', path: '/' }).reply(answer(503));
    pool.intercept({ method: 'POST', path: '/' }).reply(answer(200, '0x2a'));
    const base = await liveEvmNetworks({ RPC_URL_BASE: rpc }).network(8453);
    const { value, provenance } = await collectProvenance(() => base.publicClient.getBlockNumber());
    expect(value).toBe(42n);
    expect(provenance?.source).toBe('Base RPC');

    pool.intercept({ method: 'POST', path: '/' }).reply(answer(503)).persist();
    const error = await base.publicClient
      .sendRawTransaction({ serializedTransaction: '0x02f86f' })
      .catch((caught: unknown) => caught);
    expect(serviceErrorIn(error)).toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'Base RPC', upstreamStatus: 503 },
    });
    expect(calls).toEqual(['eth_blockNumber 503', 'eth_blockNumber 200', 'eth_sendRawTransaction 503']);
  });
});
