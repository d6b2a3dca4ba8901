import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import { CoinGeckoClient } from './coingecko.js';
import trending from './fixtures/search-trending.json' with { type: 'json' };
import search from './fixtures/search.json' with { type: 'json' };
import price from './fixtures/simple-price-bitcoin.json' with { type: 'json' };

const JSON_HEADERS = { 'content-type': 'application/json' };

describe("CoinGeckoClient against CoinGecko's published example answers (fixtures/README.md)", () => {
  const mockAgent = useMockAgent();

  it('reads trending coins from the Demo host with the Demo key header', async () => {
    mockAgent()
      .get('https://api.coingecko.com')
      .intercept({ method: 'GET', path: '/api/v3/search/trending', headers: { 'x-cg-demo-api-key': 'demo-key' } })
      .reply(200, trending, { headers: JSON_HEADERS });
    expect(await new CoinGeckoClient({ kind: 'key', key: 'demo-key' }, 'demo').trending()).toEqual([
      {
        score: 0,
        id: 'bonk',
        name: 'Bonk',
        symbol: 'BONK',
        marketCapRank: 103,
        priceUsd: 5.938674704566297e-6,
        priceChange24hPercent: -3.2712597351582655,
        marketCap: '$521,967,819',
        totalVolume: '$31,701,707',
      },
    ]);
  });

  it('searches coins on the Pro host with the Pro key header', async () => {
    mockAgent()
      .get('https://pro-api.coingecko.com')
      .intercept({
        method: 'GET',
        path: '/api/v3/search',
        query: { query: 'ether' },
        headers: { 'x-cg-pro-api-key': 'pro-key' },
      })
      .reply(200, search, { headers: JSON_HEADERS });
    // Exchanges, categories and NFTs in the answer are not coins and are left out.
    expect(await new CoinGeckoClient({ kind: 'key', key: 'pro-key' }, 'pro').search('ether')).toEqual([
      { id: 'ethereum', name: 'Ethereum', symbol: 'ETH', marketCapRank: 2 },
    ]);
  });

  it('reads one USD price with its 24h change, and undefined for a coin CoinGecko does not list', async () => {
    const expectPrice = (ids: string) =>
      mockAgent()
        .get('https://api.coingecko.com')
        .intercept({
          method: 'GET',
          path: '/api/v3/simple/price',
          query: { ids, vs_currencies: 'usd', include_24hr_change: 'true' },
          headers: { 'x-cg-demo-api-key': 'demo-key' },
        });
    expectPrice('bitcoin').reply(200, price, { headers: JSON_HEADERS });
    expectPrice('nothing').reply(200, {}, { headers: JSON_HEADERS });
    const client = new CoinGeckoClient({ kind: 'key', key: 'demo-key' }, 'demo');
    expect(await client.price('bitcoin')).toEqual({
      id: 'bitcoin',
      priceUsd: 76975,
      change24hPercent: -1.4093297098441402,
    });
    expect(await client.price('nothing')).toBeUndefined();
  });

  it('reports a rejected key as a 502 naming CoinGecko and its message', async () => {
    mockAgent()
      .get('https://api.coingecko.com')
      .intercept({ method: 'GET', path: '/api/v3/search/trending' })
      .reply(401, { status: { error_code: 10002, error_message: 'API Key Missing' } }, { headers: JSON_HEADERS });
    await expect(new CoinGeckoClient({ kind: 'key', key: 'bad' }, 'demo').trending()).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'CoinGecko', upstreamStatus: 401 },
    });
  });
});
