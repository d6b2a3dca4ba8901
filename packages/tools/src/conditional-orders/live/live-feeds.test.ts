import { RECORDED_JUPITER_PRICE_V3 as priceV3, useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import { evmVenuePriceFeed } from './evm-venue-price-feed.js';
import zeroExWethUsdc from './fixtures/zero-ex-quote-base-weth-usdc.json' with { type: 'json' };
import { solanaMarketPriceFeed } from './solana-market-price-feed.js';
import { liveEvmNetworks, liveSolanaChain } from '@svc/providers';

const JSON_HEADERS = { 'content-type': 'application/json' };
/** 0x's answer when it has no route (recorded shape, as in @svc/providers' venue tests). */
const zeroExNoLiquidity = { liquidityAvailable: false, zid: '0x6e8a2d3f1b0c9a7e5d4c3b2a' };
const WSOL = 'So11111111111111111111111111111111111111112';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const WETH = '0x4200000000000000000000000000000000000006';
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const ETH_NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const PLACEHOLDER_TAKER = '0x0000000000000000000000000000000000000001';

describe('live price feeds against recorded HTTP answers', () => {
  const mockAgent = useMockAgent();

  it('Solana: Jupiter Price API v3, 50 mints per call with the x-api-key header; unpriced mints and other networks are left out', async () => {
    const others = Array.from({ length: 58 }, (_, i) => `Mint${String(i).padStart(2, '0')}${'z'.repeat(36)}`);
    const mints = [WSOL, JUP, ...others];
    const jupiter = mockAgent().get('https://api.jup.ag');
    const asked: string[] = [];
    const price = (ids: string[], body: unknown) =>
      jupiter
        .intercept({
          method: 'GET',
          path: '/price/v3',
          query: { ids: ids.join(',') },
          headers: { 'x-api-key': 'jup-key' },
        })
        .reply(200, () => (asked.push(ids.join(',')), body), { headers: JSON_HEADERS });
    price(mints.slice(0, 50), { ...priceV3, [others[0] as string]: null });
    price(mints.slice(50), {});
    const feed = solanaMarketPriceFeed(liveSolanaChain({ JUPITER_API_KEY: 'jup-key' }));
    const ticks = await feed.prices([
      ...mints.map((token) => ({ network: 'solana' as const, token })),
      { network: 'base', token: WETH },
    ]);
    expect(asked).toHaveLength(2);
    expect(ticks).toEqual([
      { network: 'solana', token: WSOL, priceUsd: priceV3[WSOL].usdPrice },
      { network: 'solana', token: JUP, priceUsd: priceV3[JUP].usdPrice },
    ]);
  });

  it('Solana: without JUPITER_API_KEY the read fails with the 503 naming it (never a price)', async () => {
    const feed = solanaMarketPriceFeed(liveSolanaChain({}));
    await expect(feed.prices([{ network: 'solana', token: JUP }])).rejects.toMatchObject({
      code: 'not_configured',
      extra: { setting: 'JUPITER_API_KEY' },
    });
  });

  it('EVM: the 0x v2 quote of one whole token into the chain USDC; USDC is 1; a token without liquidity is left out and logged', async () => {
    const zeroEx = mockAgent().get('https://api.0x.org');
    const quote = (sellToken: string, body: object) =>
      zeroEx
        .intercept({
          method: 'GET',
          path: '/swap/allowance-holder/quote',
          query: {
            chainId: '8453',
            sellToken,
            buyToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
            sellAmount: '1000000000000000000',
            taker: PLACEHOLDER_TAKER,
            slippageBps: '100',
          },
          headers: { '0x-api-key': 'zx-key', '0x-version': 'v2' },
        })
        .reply(200, body, { headers: JSON_HEADERS });
    quote(WETH, zeroExWethUsdc);
    quote('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', zeroExNoLiquidity);
    const warnings: unknown[] = [];
    const feed = evmVenuePriceFeed(liveEvmNetworks({ RPC_URL_BASE: 'http://127.0.0.1:1', ZEROX_API_KEY: 'zx-key' }), {
      warn: (details) => warnings.push(details),
    });
    const ticks = await feed.prices([
      { network: 'base', token: WETH },
      { network: 'base', token: ETH_NATIVE },
      { network: 'base', token: USDC_BASE },
      { network: 'solana', token: JUP },
    ]);
    expect(ticks).toHaveLength(2);
    expect(ticks).toEqual(
      expect.arrayContaining([
        { network: 'base', token: WETH, priceUsd: 3012.456789 },
        { network: 'base', token: USDC_BASE, priceUsd: 1 },
      ]),
    );
    expect(warnings).toEqual([expect.objectContaining({ network: 'base', token: ETH_NATIVE })]);
  });

  it('EVM: a failing venue (5xx past the retries) fails the network read; a missing ZEROX_API_KEY is the 503 naming it', async () => {
    mockAgent()
      .get('https://api.0x.org')
      .intercept({ method: 'GET', path: /^\/swap\/allowance-holder\/quote/ })
      .reply(503, { message: 'unavailable' }, { headers: JSON_HEADERS })
      .times(3);
    const failing = evmVenuePriceFeed(liveEvmNetworks({ RPC_URL_BASE: 'http://127.0.0.1:1', ZEROX_API_KEY: 'zx-key' }));
    await expect(failing.prices([{ network: 'base', token: WETH }])).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: '0x', upstreamStatus: 503 },
    });
    const keyless = evmVenuePriceFeed(liveEvmNetworks({ RPC_URL_BASE: 'http://127.0.0.1:1' }));
    await expect(keyless.prices([{ network: 'base', token: WETH }])).rejects.toMatchObject({
      code: 'not_configured',
      extra: { setting: 'ZEROX_API_KEY' },
    });
  });
});
