import { COLLECTION_MARKET_OUTPUTS, RUNE_MARKET_OUTPUTS } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import collectionStat from './fixtures/collection-stat.json' with { type: 'json' };
import collectionRanking from './fixtures/collection-ranking.json' with { type: 'json' };
import collectionStats from './fixtures/rune-collection-stats.json' with { type: 'json' };
import marketInfo from './fixtures/rune-market-info.json' with { type: 'json' };
import { MagicEdenClient } from './magic-eden.js';

const KEY = 'magic-eden-test-key';
const ORIGIN = 'https://api-mainnet.magiceden.dev';
const json = { headers: { 'content-type': 'application/json' } };

describe('MagicEdenClient against the documented answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();

  it('GET /v2/ord/btc/runes/market/{rune}/info with the bearer key answers the body whole, valid as published', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'GET',
        path: '/v2/ord/btc/runes/market/DOGGOTOTHEMOON/info',
        headers: { authorization: `Bearer ${KEY}` },
      })
      .reply(200, marketInfo, json);
    const answer = await new MagicEdenClient(KEY).runeMarketInfo('DOGGOTOTHEMOON');
    expect(answer).toEqual(marketInfo);
    expect(RUNE_MARKET_OUTPUTS.getMarketRunePrice!.safeParse(answer).success).toBe(true);
  });

  it('GET /v2/ord/btc/runes/collection_stats/search asks for the last day, sorted descending, `limit` runes', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'GET',
        path: '/v2/ord/btc/runes/collection_stats/search',
        query: { window: '1d', sort: 'marketCap', direction: 'desc', limit: '2' },
        headers: { authorization: `Bearer ${KEY}` },
      })
      .reply(200, collectionStats, json);
    const runes = await new MagicEdenClient(KEY).topRunes('marketCap', 2);
    expect(runes.map((rune) => [rune.rune, rune.unitPriceSats, rune.vol, rune.marketCap])).toEqual([
      ['DOG•GO•TO•THE•MOON', 2.9998, 12.03456789, 2999.8],
      ['UNCOMMON•GOODS', 12.38, 0.8123, 4.49],
    ]);
    expect(runes[0]!.etching?.runeId).toEqual({ block: 840000, tx: 3 });
  });

  it('GET /v2/ord/btc/stat?collectionSymbol answers the collection stats whole, valid as published', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'GET',
        path: '/v2/ord/btc/stat',
        query: { collectionSymbol: 'nodemonkes' },
        headers: { authorization: `Bearer ${KEY}` },
      })
      .reply(200, collectionStat, json);
    const answer = await new MagicEdenClient(KEY).collectionStats('nodemonkes');
    expect(answer).toEqual(collectionStat);
    expect(COLLECTION_MARKET_OUTPUTS.getCollectionVolume!.safeParse(answer).success).toBe(true);
  });

  it('GET /collection_stats/search/bitcoin asks for the last day, sorted descending, `limit` collections', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'GET',
        path: '/collection_stats/search/bitcoin',
        query: { window: '1d', sort: 'floorPrice', direction: 'desc', offset: '0', limit: '1' },
        headers: { authorization: `Bearer ${KEY}` },
      })
      .reply(200, collectionRanking, json);
    const collections = await new MagicEdenClient(KEY).topCollections('floorPrice', 1);
    expect(collections.map((stat) => [stat.collectionSymbol, stat.fp, stat.vol, stat.txns, stat.marketCap])).toEqual([
      ['nodemonkes', 0.02499, 0.64345002, 9, 249.89999999999998],
    ]);
  });

  it("answers Magic Eden's 404 as not_found and a body of another shape as a 502 naming Magic Eden", async () => {
    const origin = mockAgent().get(ORIGIN);
    origin.intercept({ path: '/v2/ord/btc/runes/market/NOSUCHRUNE/info' }).reply(404, { message: 'not found' }, json);
    origin.intercept({ path: '/v2/ord/btc/runes/market/HELLO/info' }).reply(200, { rune: 'HELLO' }, json);
    await expect(new MagicEdenClient(KEY).runeMarketInfo('NOSUCHRUNE')).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
    await expect(new MagicEdenClient(KEY).runeMarketInfo('HELLO')).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'Magic Eden' },
    });
  });
});

describe('the Magic Eden provider', () => {
  it('is unset in sandbox mode, 503 naming MAGIC_EDEN_API_KEY in live mode without it, the client with it', () => {
    expect(new Providers('sandbox', { MAGIC_EDEN_API_KEY: KEY }).magicEden).toBeUndefined();
    expect(() => new Providers('live', {}).magicEden).toThrow(expect.objectContaining({ status: 503 }));
    expect(() => new Providers('live', {}).magicEden).toThrow(/MAGIC_EDEN_API_KEY/);
    expect(new Providers('live', { MAGIC_EDEN_API_KEY: KEY }).magicEden).toBeInstanceOf(MagicEdenClient);
  });
});
