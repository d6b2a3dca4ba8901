import { ServiceError, serviceErrorIn } from '@svc/contracts';
import { useMockAgent } from '../testing.js';
import { describe, expect, it } from 'vitest';
import { collectProvenance } from '../upstream/index.js';
import { liveEvmNetworks } from './live-evm-networks.js';

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
