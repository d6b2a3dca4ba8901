import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import published from './fixtures/published-example.json' with { type: 'json' };
import stocks from './fixtures/tag-stocks.json' with { type: 'json' };
import trending from './fixtures/toptrending-1h.json' with { type: 'json' };
import { passesGemFilters } from './gem-filters.js';
import { JupiterTokensClient } from './jupiter-tokens.js';

const ORIGIN = 'https://api.jup.ag';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('JupiterTokensClient against Tokens API v2 answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();
  const expectGet = (path: string, query: Record<string, string>) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path, query, headers: { 'x-api-key': 'jup-key' } });

  it('reads the trending list of a timeframe and maps that timeframe’s stats', async () => {
    expectGet('/tokens/v2/toptrending/1h', { limit: '100' }).reply(200, trending, { headers: JSON_HEADERS });
    const [bonk, fresh] = await new JupiterTokensClient('jup-key').tokens('trending', '1h');
    expect(bonk).toEqual({
      mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
      name: 'Bonk',
      symbol: 'Bonk',
      decimals: 5,
      priceUsd: 0.00001961,
      liquidityUsd: 11203341.7,
      mcapUsd: 1742738911.2,
      holderCount: 951232,
      organicScore: 98.5,
      verified: true,
      volumeUsd: 820331.5 + 700112.1,
      netVolumeUsd: 820331.5 - 700112.1,
      numNetBuyers: 133,
      priceChangePercent: 1.21,
      createdAt: '2022-12-25T11:11:09Z',
    });
    expect(fresh).toMatchObject({ symbol: 'FRESH', verified: false, numNetBuyers: 301 });
  });

  it("maps Jupiter's published example answer, the token object every v2 list returns", async () => {
    expectGet('/tokens/v2/toptraded/1h', { limit: '100' }).reply(200, published, { headers: JSON_HEADERS });
    expect(await new JupiterTokensClient('jup-key').tokens('topTraded', '1h')).toEqual([
      {
        mint: 'So11111111111111111111111111111111111111112',
        name: 'Wrapped SOL',
        symbol: 'SOL',
        decimals: 9,
        priceUsd: 145.47114211747515,
        liquidityUsd: 89970631.83880953,
        mcapUsd: 77275352037.79674,
        holderCount: 2342610,
        organicScore: 98.92390784896082,
        verified: true,
        volumeUsd: 171520842.22567528 + 174057197.5207193,
        netVolumeUsd: 171520842.22567528 - 174057197.5207193,
        numNetBuyers: 14442,
        priceChangePercent: -0.145099593531635,
        createdAt: '2021-03-29T10:05:48Z',
      },
    ]);
  });

  it('reads the recent list for new and the verified tag, ranked by holders, for popular', async () => {
    expectGet('/tokens/v2/recent', {}).reply(200, trending.slice(1), { headers: JSON_HEADERS });
    expectGet('/tokens/v2/tag', { query: 'verified' }).reply(200, [...trending].reverse(), { headers: JSON_HEADERS });
    const client = new JupiterTokensClient('jup-key');
    expect((await client.tokens('new', '24h')).map((t) => t.symbol)).toEqual(['FRESH']);
    expect((await client.tokens('popular', '24h')).map((t) => t.symbol)).toEqual(['Bonk', 'FRESH']);
  });

  it('lists tokenized stocks by market cap, with 24h stats', async () => {
    expectGet('/tokens/v2/tag', { query: 'stocks' }).reply(200, stocks, { headers: JSON_HEADERS });
    const listed = await new JupiterTokensClient('jup-key', 'https://api.jup.ag/').stocks('24h');
    expect(listed.map((t) => [t.symbol, t.netVolumeUsd])).toEqual([
      ['NVDAx', 3220331.1 - 2120110.4],
      ['TSLAx', 1220331.1 - 1320110.4],
    ]);
  });
});

describe('passesGemFilters', () => {
  const token = {
    mint: 'm',
    name: 'n',
    symbol: 's',
    decimals: 6,
    priceUsd: 1,
    liquidityUsd: 50_000,
    mcapUsd: 1_000_000,
    holderCount: 800,
    organicScore: null,
    verified: false,
    volumeUsd: 10_000,
    netVolumeUsd: -200,
    numNetBuyers: null,
    priceChangePercent: null,
    createdAt: null,
  };

  it('keeps a token inside every bound, inclusive, and drops one outside any', () => {
    expect(passesGemFilters(token, {})).toBe(true);
    expect(passesGemFilters(token, { minLiquidity: 50_000, maxMcap: 1_000_000, minHolderCount: 800 })).toBe(true);
    expect(passesGemFilters(token, { minLiquidity: 50_001 })).toBe(false);
    expect(passesGemFilters(token, { maxNetVolume: -201 })).toBe(false);
  });

  it('drops a token whose bounded field is unknown', () => {
    expect(passesGemFilters(token, { minNumNetBuyers: 0 })).toBe(false);
  });
});
