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

describe('BirdeyeClient against recorded Birdeye Data API answers (fixtures/README.md)', () => {
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
      priceUsd: 169.3068938959161,
      priceChange24hPercent: -3.38728054341568,
      volume24hUsd: 4013947241.7719307,
      buyVolume24hUsd: 2001502491.499937,
      sellVolume24hUsd: 2012444750.2719934,
      trades24h: 26958184,
      buys24h: 11521622,
      sells24h: 15436562,
      uniqueWallets24h: 1313801,
      holders: 1306583,
      lastTradeAt: '2025-02-21T20:13:39.000Z',
    });
  });

  it('lists trending tokens by rank with the paging asked for', async () => {
    expectGet('/defi/token_trending', { sort_by: 'rank', sort_type: 'asc', offset: '0', limit: '3' }, 'solana').reply(
      200,
      trending,
      { headers: JSON_HEADERS },
    );
    const page = await client().trending('solana', { sortType: 'asc', offset: 0, limit: 3 });
    expect(page.total).toBe(1000);
    expect(page.updatedAt).toBe('2025-03-16T12:31:41.000Z');
    expect(page.tokens).toEqual([
      {
        rank: 931,
        address: 'Gh6cBL11RRwVYHUyoGFXdYJXhWW1HETnPriNZN71pump',
        symbol: 'Finna',
        name: 'Finna',
        decimals: 6,
        priceUsd: 0.00006322636037191058,
        priceChange24hPercent: -3.059299175164433,
        liquidityUsd: 23374.936617022333,
        volume24hUsd: 86.09042125467224,
        marketCapUsd: 62794.24442184402,
      },
      expect.objectContaining({ rank: 981, symbol: 'SLA', priceChange24hPercent: -4.178002850143017 }),
      expect.objectContaining({ rank: 876, symbol: 'DARK', marketCapUsd: 884201.7224876794 }),
    ]);
  });

  it('searches tokens on one chain and leaves markets out', async () => {
    expectGet(
      '/defi/v3/search',
      {
        chain: 'solana',
        keyword: 'arc',
        target: 'token',
        sort_by: 'volume_24h_usd',
        sort_type: 'desc',
        offset: '0',
        limit: '20',
      },
      'solana',
    ).reply(200, searchV3, { headers: JSON_HEADERS });
    expect(await client().searchTokens('solana', 'arc')).toEqual([
      {
        address: '61V8vBaqAGMpgDQi4JcAwo1dmBGHsyhzodcPqnEVpump',
        name: 'AI Rig Complex',
        symbol: 'arc',
        chain: 'solana',
        decimals: 6,
        priceUsd: 0.04965305905722615,
        liquidityUsd: 5349418.8166030925,
        marketCapUsd: 49652814.648762316,
        volume24hUsd: 3433793.3958887877,
        verified: true,
      },
    ]);
  });

  it('maps token metadata, keeping only the links that are set', async () => {
    const mint = 'So11111111111111111111111111111111111111112';
    expectGet('/defi/v3/token/meta-data/single', { address: mint }, 'solana').reply(200, metaData, {
      headers: JSON_HEADERS,
    });
    const metadata = await client().metadata('solana', mint);
    expect(metadata).toMatchObject({ address: mint, name: 'Wrapped SOL', symbol: 'SOL', decimals: 9 });
    expect(metadata.logoUri).toBe(
      'https://raw.githubusercontent.com/solana-labs/token-list/main/assets/mainnet/So11111111111111111111111111111111111111112/logo.png',
    );
    // The recorded answer has "telegram": null, which is left out.
    expect(metadata.links).toEqual({
      coingecko_id: 'solana',
      serum_v3_usdc: '9wFFyRfZBsuAha4YcuxcXLKwMxJR43S7fPfQLusDBzvT',
      serum_v3_usdt: 'HWHvQhFmJB3NUcu1aihKmrKegfVxBEHzwVX6yZCKEsi1',
      website: 'https://solana.com/',
      twitter: 'https://twitter.com/solana',
      description: 'Wrapped Solana ',
      discord: 'https://discordapp.com/invite/pquxPsq',
      medium: 'https://medium.com/solana-labs',
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
