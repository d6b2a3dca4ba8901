import { Providers } from '@svc/providers';
import { MAGIC_EDEN_EXAMPLE_ANSWERS, useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { callTool } from '../testing/sandbox-market-history.js';

const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };
const ME = 'https://api-mainnet.magiceden.dev';
const BTC_USD = 100_000;

/** Live mode with Magic Eden and CoinGecko (demo key) configured and no sandbox: every figure comes from them. */
const live = (env: Record<string, string> = { MAGIC_EDEN_API_KEY: 'me-key', COINGECKO_API_KEY: 'cg-key' }) =>
  ({ mode: 'live', caller: undefined, providers: new Providers('live', env) }) as HandlerContext;

describe('the rune market tools in live mode', () => {
  const mockAgent = useMockAgent();
  const btcPrice = () =>
    mockAgent()
      .get('https://api.coingecko.com')
      .intercept({
        path: '/api/v3/simple/price',
        query: { ids: 'bitcoin', vs_currencies: 'usd', include_24hr_change: 'true' },
      })
      .reply(200, { bitcoin: { usd: BTC_USD, usd_24h_change: 1.5 } }, JSON_HEADERS);

  it("rank Magic Eden's runes in USD at CoinGecko's BTC price, asking for `limit` and dropping those below the floor", async () => {
    mockAgent()
      .get(ME)
      .intercept({
        path: '/v2/ord/btc/runes/collection_stats/search',
        query: { window: '1d', sort: 'marketCap', direction: 'desc', limit: '5' },
        headers: { authorization: 'Bearer me-key' },
      })
      .reply(200, MAGIC_EDEN_EXAMPLE_ANSWERS.runeCollectionStats, JSON_HEADERS);
    btcPrice();
    // DOG's 2999.8 BTC is $299,980,000; UNCOMMON•GOODS's 4.49 BTC ($449,000) is below the $1M floor.
    const answer = await callTool('getTopRunesByMarketCap', { limit: 5, minMarketCap: 1_000_000 }, live());
    expect(answer).toEqual({
      btcUsd: BTC_USD,
      runes: [
        {
          rank: 1,
          rune: 'DOG•GO•TO•THE•MOON',
          runeId: '840000:3',
          symbol: '🐕',
          unitPriceSats: 2.9998,
          priceUsd: (2.9998 / 1e8) * BTC_USD,
          marketCapBtc: 2999.8,
          marketCapUsd: 2999.8 * BTC_USD,
          volume24hBtc: 12.03456789,
          volume24hUsd: 12.03456789 * BTC_USD,
          sales24h: 812,
        },
      ],
    });
  });

  it("answer getMarketRunePrice with Magic Eden's body, asking for the rune without spacers", async () => {
    mockAgent()
      .get(ME)
      .intercept({ path: '/v2/ord/btc/runes/market/DOGGOTOTHEMOON/info', headers: { authorization: 'Bearer me-key' } })
      .reply(200, MAGIC_EDEN_EXAMPLE_ANSWERS.runeMarketInfo, JSON_HEADERS);
    expect(await callTool('getMarketRunePrice', { runeName: 'dog•go•to•the•moon' }, live())).toEqual(
      MAGIC_EDEN_EXAMPLE_ANSWERS.runeMarketInfo,
    );
  });

  it("need CoinGecko's BTC price for the top lists: 503 naming COINGECKO_API_KEY without it", async () => {
    // No interceptor: the missing price is found before Magic Eden is asked.
    await expect(
      callTool('getTopRunesByVolume', { minVolume: 1 }, live({ MAGIC_EDEN_API_KEY: 'me-key' })),
    ).rejects.toMatchObject({ status: 503, message: expect.stringContaining('COINGECKO_API_KEY') });
  });
});
