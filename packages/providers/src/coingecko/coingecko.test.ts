import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import { CoinGeckoClient } from './coingecko.js';
import trending from './fixtures/search-trending.json' with { type: 'json' };
import search from './fixtures/search.json' with { type: 'json' };
import price from './fixtures/simple-price-bitcoin.json' with { type: 'json' };

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('CoinGeckoClient against CoinGecko documented responses', () => {
  const mockAgent = useMockAgent();

  it('reads trending coins from the Demo host with the Demo key header', async () => {
    mockAgent()
      .get('https://api.coingecko.com')
      .intercept({ method: 'GET', path: '/api/v3/search/trending', headers: { 'x-cg-demo-api-key': 'demo-key' } })
      .reply(200, trending, { headers: JSON_HEADERS });
    expect(await new CoinGeckoClient({ kind: 'key', key: 'demo-key' }, 'demo').trending()).toEqual([
      {
        score: 0,
        id: 'moodeng',
        name: 'Moo Deng',
        symbol: 'MOODENG',
        marketCapRank: 293,
        priceUsd: 0.2243,
        priceChange24hPercent: 13.88,
        marketCap: '$221,720,121',
        totalVolume: '$144,130,302',
      },
      expect.objectContaining({ score: 1, id: 'bitcoin', priceChange24hPercent: -0.52 }),
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
    expect(await new CoinGeckoClient({ kind: 'key', key: 'pro-key' }, 'pro').search('ether')).toEqual([
      { id: 'ethereum', name: 'Ethereum', symbol: 'ETH', marketCapRank: 2 },
      { id: 'ethereum-classic', name: 'Ethereum Classic', symbol: 'ETC', marketCapRank: null },
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
    expect(await client.price('bitcoin')).toEqual({ id: 'bitcoin', priceUsd: 93871.2, change24hPercent: -0.5213 });
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
