import { useMockAgent } from '../testing.js';
import { describe, expect, it } from 'vitest';
import lifiQuote from './fixtures/lifi-quote-4663-eth-usdg.json' with { type: 'json' };
import zeroExNoLiquidity from './fixtures/zero-ex-no-liquidity.json' with { type: 'json' };
import zeroExQuote from './fixtures/zero-ex-quote-base-usdc-weth.json' with { type: 'json' };
import { lifiSwapVenue } from './lifi-venue.js';
import { zeroExSwapVenue } from './zero-ex-venue.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const TAKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', decimals: 6 } as const;
const WETH = { address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', decimals: 18 } as const;
const ETH = { address: null, symbol: 'ETH', decimals: 18 } as const;
const USDG = { address: '0x5fc5360D0400a0Fd4f2af552ADD042D716F1d168', symbol: 'USDG', decimals: 6 } as const;

describe('live EVM swap venues against recorded-shape HTTP fixtures', () => {
  const mockAgent = useMockAgent();

  it('0x v2 allowance-holder: sends the key and version headers and the exact-input query; maps the quote', async () => {
    mockAgent()
      .get('https://api.0x.org')
      .intercept({
        method: 'GET',
        path: '/swap/allowance-holder/quote',
        query: {
          chainId: '8453',
          sellToken: USDC.address,
          buyToken: WETH.address,
          sellAmount: '100000000',
          taker: TAKER,
          slippageBps: '100',
        },
        headers: { '0x-api-key': 'test-key', '0x-version': 'v2' },
      })
      .reply(200, zeroExQuote, { headers: JSON_HEADERS });
    const route = await zeroExSwapVenue({ apiKey: 'test-key', chainId: 8453 }).route({
      sell: USDC,
      buy: WETH,
      sellAtomic: 100_000_000n,
      taker: TAKER,
      slippageBps: 100,
    });
    expect(route).toEqual({
      buyAmount: 33288727418935562n,
      minBuyAmount: 32955840144746206n,
      allowanceTarget: '0x0000000000001fF3684f28c67538d4D072C22734',
      transaction: {
        to: '0x0000000000001fF3684f28c67538d4D072C22734',
        data: zeroExQuote.transaction.data,
        value: 0n,
        gas: 210000n,
      },
      source: '0x',
    });
  });

  it('0x: the native coin is 0xEeee…EeE (no allowance needed); no liquidity is a 400 no_route; a 5xx is a 502', async () => {
    const origin = mockAgent().get('https://api.0x.org');
    origin
      .intercept({
        method: 'GET',
        path: '/swap/allowance-holder/quote',
        query: {
          chainId: '1',
          sellToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
          buyToken: USDC.address,
          sellAmount: '1',
          taker: TAKER,
          slippageBps: '50',
        },
      })
      .reply(200, zeroExNoLiquidity, { headers: JSON_HEADERS });
    // A 5xx is retried (the quote is a GET), so it fails the call only when it outlasts the retries.
    origin
      .intercept({ method: 'GET', path: /^\/swap\/allowance-holder\/quote/ })
      .reply(503, { message: 'unavailable' }, { headers: JSON_HEADERS })
      .times(3);
    const venue = zeroExSwapVenue({ apiKey: 'k', chainId: 1 });
    const request = { sell: ETH, buy: USDC, sellAtomic: 1n, taker: TAKER, slippageBps: 50 } as const;
    await expect(venue.route(request)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'buyTokenAddress', rule: 'no_route' }],
    });
    await expect(venue.route(request)).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: '0x', upstreamStatus: 503 },
    });
  });

  it('LI.FI on 4663: same-chain quote with slippage as a fraction and the zero address for native; maps hex values', async () => {
    mockAgent()
      .get('https://li.quest')
      .intercept({
        method: 'GET',
        path: '/v1/quote',
        query: {
          fromChain: '4663',
          toChain: '4663',
          fromToken: '0x0000000000000000000000000000000000000000',
          toToken: USDG.address,
          fromAmount: '10000000000000000',
          fromAddress: TAKER,
          slippage: '0.01',
        },
        headers: { 'x-lifi-api-key': 'lifi-key' },
      })
      .reply(200, lifiQuote, { headers: JSON_HEADERS });
    const route = await lifiSwapVenue({ chainId: 4663, apiKey: 'lifi-key' }).route({
      sell: ETH,
      buy: USDG,
      sellAtomic: 10_000_000_000_000_000n,
      taker: TAKER,
      slippageBps: 100,
    });
    expect(route).toEqual({
      buyAmount: 29933333n,
      minBuyAmount: 29634000n,
      allowanceTarget: null,
      transaction: {
        to: '0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE',
        data: lifiQuote.transactionRequest.data,
        value: 10_000_000_000_000_000n,
        gas: 400_000n,
      },
      source: 'lifi:sushiswap',
    });
  });

  it('LI.FI: a 404 (no available quotes) is a 400 no_route', async () => {
    mockAgent()
      .get('https://li.quest')
      .intercept({ method: 'GET', path: /^\/v1\/quote/ })
      .reply(404, { message: 'No available quotes for the requested transfer' }, { headers: JSON_HEADERS });
    await expect(
      lifiSwapVenue({ chainId: 4663 }).route({ sell: USDG, buy: ETH, sellAtomic: 5n, taker: TAKER, slippageBps: 100 }),
    ).rejects.toMatchObject({ code: 'invalid_input', issues: [{ rule: 'no_route' }] });
  });
});
