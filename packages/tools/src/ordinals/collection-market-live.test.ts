import { Providers } from '@svc/providers';
import {
  MAGIC_EDEN_EXAMPLE_ANSWERS,
  ORDISCAN_EXAMPLE_ANSWERS,
  UNISAT_SCHEMA_EXAMPLES,
  useMockAgent,
} from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { callTool } from '../testing/sandbox-market-history.js';

const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };
const ME = 'https://api-mainnet.magiceden.dev';
const BTC_USD = 100_000;

/** Live mode with the providers in `env` and no sandbox: every figure comes from them. */
const live = (env: Record<string, string>) =>
  ({ mode: 'live', caller: undefined, providers: new Providers('live', env) }) as HandlerContext;

describe('the collection market and BRC-20 top-list tools in live mode', () => {
  const mockAgent = useMockAgent();

  it("answer getCollectionMarketInfo with Ordiscan's body and getCollectionVolume with Magic Eden's", async () => {
    mockAgent()
      .get('https://api.ordiscan.com')
      .intercept({ path: '/v1/collection/bitcoin-puppets/market', headers: { authorization: 'Bearer os-key' } })
      .reply(200, ORDISCAN_EXAMPLE_ANSWERS.collectionMarket, JSON_HEADERS);
    mockAgent()
      .get(ME)
      .intercept({ path: '/v2/ord/btc/stat', query: { collectionSymbol: 'nodemonkes' } })
      .reply(200, MAGIC_EDEN_EXAMPLE_ANSWERS.collectionStats, JSON_HEADERS);
    const env = { ORDISCAN_API_KEY: 'os-key', MAGIC_EDEN_API_KEY: 'me-key' };
    expect(await callTool('getCollectionMarketInfo', { slug: 'Bitcoin-Puppets' }, live(env))).toEqual(
      ORDISCAN_EXAMPLE_ANSWERS.collectionMarket,
    );
    expect(await callTool('getCollectionVolume', { collectionSymbol: 'nodemonkes' }, live(env))).toEqual(
      MAGIC_EDEN_EXAMPLE_ANSWERS.collectionStats,
    );
  });

  it("rank Magic Eden's collections in USD at CoinGecko's BTC price, asking for `limit` sorted by the floor", async () => {
    mockAgent()
      .get(ME)
      .intercept({
        path: '/collection_stats/search/bitcoin',
        query: { window: '1d', sort: 'floorPrice', direction: 'desc', offset: '0', limit: '3' },
        headers: { authorization: 'Bearer me-key' },
      })
      .reply(200, MAGIC_EDEN_EXAMPLE_ANSWERS.collectionRanking, JSON_HEADERS);
    mockAgent()
      .get('https://api.coingecko.com')
      .intercept({
        path: '/api/v3/simple/price',
        query: { ids: 'bitcoin', vs_currencies: 'usd', include_24hr_change: 'true' },
      })
      .reply(200, { bitcoin: { usd: BTC_USD, usd_24h_change: 1.5 } }, JSON_HEADERS);
    const answer = await callTool(
      'getTopCollectionsByFloor',
      { limit: 3 },
      live({ MAGIC_EDEN_API_KEY: 'me-key', COINGECKO_API_KEY: 'cg-key' }),
    );
    expect(answer).toEqual({
      btcUsd: BTC_USD,
      collections: [
        {
          rank: 1,
          symbol: 'nodemonkes',
          name: 'NodeMonkes',
          floorPriceBtc: 0.02499,
          floorPriceUsd: 0.02499 * BTC_USD,
          marketCapBtc: 249.89999999999998,
          marketCapUsd: 249.89999999999998 * BTC_USD,
          volume24hBtc: 0.64345002,
          volume24hUsd: 0.64345002 * BTC_USD,
          sales24h: 9,
          supply: 10_000,
          owners: 5_083,
        },
      ],
    });
  });

  it("rank UniSat's BRC-20 tickers at UniSat's BTC price, dropping those below the floor", async () => {
    mockAgent()
      .get('https://open-api.unisat.io')
      .intercept({ method: 'POST', path: '/v3/market/brc20/auction/brc20_types' })
      .reply(200, UNISAT_SCHEMA_EXAMPLES.brc20Types, JSON_HEADERS);
    const btcUsd = UNISAT_SCHEMA_EXAMPLES.brc20Types.data.BTCPrice;
    // ordi's 2 068.605 BTC cap ($222M) clears a $100M floor; sats' 861 BTC ($92M) does not.
    const answer = await callTool(
      'getTopBRC20ByMarketCap',
      { limit: 5, minMarketCap: 100_000_000 },
      live({ UNISAT_API_KEY: 'us-key' }),
    );
    expect(answer).toEqual({
      btcUsd,
      tokens: [
        {
          rank: 1,
          tick: 'ordi',
          priceSats: 9850.5,
          priceUsd: (9850.5 / 1e8) * btcUsd,
          marketCapBtc: 206860500000 / 1e8,
          marketCapUsd: (206860500000 / 1e8) * btcUsd,
          volume24hBtc: 412500000 / 1e8,
          volume24hUsd: (412500000 / 1e8) * btcUsd,
          sales24h: null,
        },
      ],
    });
  });

  it('answer 503 naming the missing setting in live mode', async () => {
    await expect(callTool('getTopBRC20ByVolume', {}, live({}))).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('UNISAT_API_KEY'),
    });
    await expect(callTool('getCollectionVolume', { collectionSymbol: 'nodemonkes' }, live({}))).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('MAGIC_EDEN_API_KEY'),
    });
    await expect(callTool('getCollectionMarketInfo', { slug: 'nodemonkes' }, live({}))).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining('ORDISCAN_API_KEY'),
    });
  });
});
