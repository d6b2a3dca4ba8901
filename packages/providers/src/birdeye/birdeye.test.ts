import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import { BirdeyeClient } from './birdeye.js';
import metaData from './fixtures/meta-data-single.json' with { type: 'json' };
import searchV3 from './fixtures/search-v3.json' with { type: 'json' };
import trending from './fixtures/token-trending.json' with { type: 'json' };
import tradeData from './fixtures/trade-data-single.json' with { type: 'json' };

const ORIGIN = 'https://public-api.birdeye.so';
const KEY = 'test-birdeye-key';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('BirdeyeClient against Birdeye Data API documented responses', () => {
  const mockAgent = useMockAgent();
  const expectGet = (path: string, query: Record<string, string>, chain: string) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path, query, headers: { 'x-api-key': KEY, 'x-chain': chain } });
  const client = () => new BirdeyeClient({ kind: 'key', key: KEY });

  it('reads one token trade data with the key and chain headers and maps it', async () => {
    const mint = 'So11111111111111111111111111111111111111112';
    expectGet('/defi/v3/token/trade-data/single', { address: mint }, 'solana').reply(200, tradeData, {
      headers: JSON_HEADERS,
    });
    expect(await client().tradeData('solana', mint)).toEqual({
      address: mint,
      priceUsd: 139.52,
      priceChange24hPercent: -2.41,
      volume24hUsd: 4020119542.8,
      buyVolume24hUsd: 2011205331.1,
      sellVolume24hUsd: 2008914211.7,
      trades24h: 5210988,
      buys24h: 2688007,
      sells24h: 2522981,
      uniqueWallets24h: 412553,
      holders: 2837119,
      lastTradeAt: '2025-11-25T22:40:00.000Z',
    });
  });

  it('lists trending tokens by rank with the paging asked for', async () => {
    expectGet('/defi/token_trending', { sort_by: 'rank', sort_type: 'asc', offset: '0', limit: '2' }, 'solana').reply(
      200,
      trending,
      { headers: JSON_HEADERS },
    );
    const page = await client().trending('solana', { sortType: 'asc', offset: 0, limit: 2 });
    expect(page.total).toBe(1000);
    expect(page.updatedAt).toBe('2025-11-25T22:33:20.000Z');
    expect(page.tokens).toEqual([
      {
        rank: 1,
        address: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
        symbol: 'JUP',
        name: 'Jupiter',
        decimals: 6,
        priceUsd: 0.359,
        priceChange24hPercent: 4.12,
        liquidityUsd: 9423110.2,
        volume24hUsd: 61022311.9,
        marketCapUsd: 1201455000.4,
      },
      expect.objectContaining({ rank: 2, symbol: '$WIF', priceChange24hPercent: -1.9 }),
    ]);
  });

  it('searches tokens on one chain and leaves markets out', async () => {
    expectGet(
      '/defi/v3/search',
      {
        chain: 'base',
        keyword: 'usdc',
        target: 'token',
        sort_by: 'volume_24h_usd',
        sort_type: 'desc',
        offset: '0',
        limit: '20',
      },
      'base',
    ).reply(200, searchV3, { headers: JSON_HEADERS });
    expect(await client().searchTokens('base', 'usdc')).toEqual([
      {
        address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        name: 'USD Coin',
        symbol: 'USDC',
        chain: 'base',
        decimals: 6,
        priceUsd: 0.9999,
        liquidityUsd: 184220113.4,
        marketCapUsd: 73912000000.5,
        volume24hUsd: 912330221.7,
        verified: true,
      },
    ]);
  });

  it('maps token metadata, keeping only the links that are set', async () => {
    const mint = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
    expectGet('/defi/v3/token/meta-data/single', { address: mint }, 'solana').reply(200, metaData, {
      headers: JSON_HEADERS,
    });
    const metadata = await client().metadata('solana', mint);
    expect(metadata).toMatchObject({ address: mint, name: 'Jupiter', symbol: 'JUP', decimals: 6 });
    expect(metadata.logoUri).toBe('https://static.jup.ag/jup/icon.png');
    expect(metadata.links).toEqual({
      coingecko_id: 'jupiter-exchange-solana',
      website: 'https://jup.ag',
      twitter: 'https://twitter.com/JupiterExchange',
      discord: 'https://discord.gg/jup',
      description: 'Jupiter is the key liquidity aggregator for Solana.',
    });
  });

  it("turns Birdeye's refusal into a 502 naming the provider, status and its message", async () => {
    expectGet('/defi/v3/token/meta-data/single', { address: 'x' }, 'ethereum').reply(
      401,
      { success: false, message: 'Unauthorized' },
      { headers: JSON_HEADERS },
    );
    await expect(client().metadata('ethereum', 'x')).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
      message: expect.stringMatching(/Birdeye.*HTTP 401.*Unauthorized/),
      extra: { provider: 'Birdeye', upstreamStatus: 401 },
    });
  });

  it('refuses a body of another shape with a 502 instead of inventing fields', async () => {
    expectGet('/defi/v3/token/trade-data/single', { address: 'y' }, 'solana').reply(
      200,
      { success: true, data: null },
      { headers: JSON_HEADERS },
    );
    await expect(client().tradeData('solana', 'y')).rejects.toMatchObject({ code: 'upstream_error', status: 502 });
  });
});
