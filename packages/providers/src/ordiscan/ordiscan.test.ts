import { ORDINALS_OUTPUTS } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import alkaneBalances from './fixtures/alkane-balances.json' with { type: 'json' };
import alkaneList from './fixtures/alkane-list.json' with { type: 'json' };
import alkaneUtxos from './fixtures/alkane-utxos.json' with { type: 'json' };
import alkane from './fixtures/alkane.json' with { type: 'json' };
import brc20Activity from './fixtures/brc20-activity.json' with { type: 'json' };
import brc20List from './fixtures/brc20-list.json' with { type: 'json' };
import brc20 from './fixtures/brc20.json' with { type: 'json' };
import collectionInscriptions from './fixtures/collection-inscriptions.json' with { type: 'json' };
import collectionList from './fixtures/collection-list.json' with { type: 'json' };
import collectionMarket from './fixtures/collection-market.json' with { type: 'json' };
import collection from './fixtures/collection.json' with { type: 'json' };
import inscriptionActivity from './fixtures/inscription-activity.json' with { type: 'json' };
import inscriptionIds from './fixtures/inscription-ids.json' with { type: 'json' };
import inscriptionList from './fixtures/inscription-list.json' with { type: 'json' };
import inscriptionTraits from './fixtures/inscription-traits.json' with { type: 'json' };
import inscriptionTransfers from './fixtures/inscription-transfers.json' with { type: 'json' };
import inscription from './fixtures/inscription.json' with { type: 'json' };
import rareSats from './fixtures/rare-sats.json' with { type: 'json' };
import runeBalances from './fixtures/rune-balances.json' with { type: 'json' };
import runeList from './fixtures/rune-list.json' with { type: 'json' };
import runeMarket from './fixtures/rune-market.json' with { type: 'json' };
import runeName from './fixtures/rune-name.json' with { type: 'json' };
import rune from './fixtures/rune.json' with { type: 'json' };
import runesActivity from './fixtures/runes-activity.json' with { type: 'json' };
import satRanges from './fixtures/sat-ranges.json' with { type: 'json' };
import utxos from './fixtures/utxos.json' with { type: 'json' };
import { OrdiscanClient, type OrdiscanAnswer } from './ordiscan.js';

const KEY = 'ordiscan-test-key';
const ADDRESS = 'bc1pd2uqctumxjwhtd5xfpar9cre4lec65slg2ed5wrkrhgfmk8uetjs8ee9xc';
const INSCRIPTION = 'fae6befd46a68275ec8f1436749ae172cf2d327b03f2358159f32e30831fb606i236';
const UTXO = '3d57f76284e17370f1ce45e75f68b5960906c4117951607f20ddd19f85c15706:0';
/** The inscription whose traits the SDK's test asks for. */
const TRAITS_INSCRIPTION = '783513f2044d48fdf303e58b1d8878a2394a695e2a9cac320c4823f09524a296i0';

interface Endpoint {
  readonly tool: keyof typeof ORDINALS_OUTPUTS;
  readonly call: (client: OrdiscanClient) => Promise<OrdiscanAnswer>;
  readonly path: string;
  readonly query?: Record<string, string>;
  readonly body: { data: unknown };
}

// One row per endpoint the research tools use: the request Ordiscan's SDK sends, and its example answer.
const ENDPOINTS: Endpoint[] = [
  {
    tool: 'getInscriptionInfo',
    call: (client) => client.inscription(INSCRIPTION),
    path: `/v1/inscription/${INSCRIPTION}`,
    body: inscription,
  },
  {
    tool: 'inscriptionTransferActivity',
    call: (client) => client.inscriptionTransfers(INSCRIPTION),
    path: `/v1/inscription/${INSCRIPTION}/activity`,
    body: inscriptionTransfers,
  },
  {
    tool: 'getLatestInscriptions',
    call: (client) => client.latestInscriptions({ sort: 'inscription_number_asc', after: 0 }),
    path: '/v1/inscriptions',
    query: { sort: 'inscription_number_asc', after: '0' },
    body: inscriptionList,
  },
  {
    tool: 'getInscriptionsByAddress',
    call: (client) => client.addressInscriptions(ADDRESS, 2),
    path: `/v1/address/${ADDRESS}/inscriptions`,
    query: { page: '2' },
    body: inscriptionList,
  },
  {
    tool: 'getOwnedInscriptionIds',
    call: (client) => client.addressInscriptionIds(ADDRESS),
    path: `/v1/address/${ADDRESS}/inscription-ids`,
    body: inscriptionIds,
  },
  {
    tool: 'getInscriptionActivity',
    call: (client) => client.addressInscriptionActivity(ADDRESS, 3),
    path: `/v1/address/${ADDRESS}/activity`,
    query: { page: '3' },
    body: inscriptionActivity,
  },
  {
    tool: 'getLatestRunes',
    call: (client) => client.latestRunes({ sort: 'newest', before: 20 }),
    path: '/v1/runes',
    query: { sort: 'newest', before: '20' },
    body: runeList,
  },
  {
    tool: 'getRuneInfo',
    call: (client) => client.rune('UNCOMMONGOODS'),
    path: '/v1/rune/UNCOMMONGOODS',
    body: rune,
  },
  {
    tool: 'getRuneMarketInfo',
    call: (client) => client.runeMarket('UNCOMMONGOODS'),
    path: '/v1/rune/UNCOMMONGOODS/market',
    body: runeMarket,
  },
  {
    tool: 'checkRuneUnlock',
    call: (client) => client.runeName('HELLO'),
    path: '/v1/rune-name/HELLO',
    body: runeName,
  },
  {
    tool: 'getRuneBalances',
    call: (client) => client.addressRunes(ADDRESS),
    path: `/v1/address/${ADDRESS}/runes`,
    body: runeBalances,
  },
  {
    tool: 'getUtxoRunes',
    call: (client) => client.addressUtxos(ADDRESS),
    path: `/v1/address/${ADDRESS}/utxos`,
    body: utxos,
  },
  {
    tool: 'getRunesActivity',
    call: (client) => client.addressRunesActivity(ADDRESS),
    path: `/v1/address/${ADDRESS}/activity/runes`,
    body: runesActivity,
  },
  {
    tool: 'getRareSats',
    call: (client) => client.addressRareSats(ADDRESS),
    path: `/v1/address/${ADDRESS}/rare-sats`,
    body: rareSats,
  },
  {
    tool: 'rareSatsForUTXO',
    call: (client) => client.utxoRareSats(UTXO),
    path: `/v1/utxo/${UTXO}/rare-sats`,
    body: rareSats,
  },
  {
    tool: 'getSatRangesForUTXO',
    call: (client) => client.utxoSatRanges(UTXO),
    path: `/v1/utxo/${UTXO}/sat-ranges`,
    body: satRanges,
  },
  {
    tool: 'listAlkanes',
    call: (client) => client.alkanes({ sort: 'newest', type: 'TOKEN', page: 2 }),
    path: '/v1/alkanes',
    query: { sort: 'newest', type: 'TOKEN', page: '2' },
    body: alkaneList,
  },
  {
    tool: 'getAlkaneInfo',
    call: (client) => client.alkane('2:16'),
    path: '/v1/alkane/2:16',
    body: alkane,
  },
  {
    tool: 'getAlkaneAddressBalance',
    call: (client) => client.addressAlkanes(ADDRESS),
    path: `/v1/address/${ADDRESS}/alkanes`,
    body: alkaneBalances,
  },
  {
    tool: 'getAlkaneAddressUTXOs',
    call: (client) => client.addressAlkaneUtxos(ADDRESS),
    path: `/v1/address/${ADDRESS}/utxos/alkanes`,
    body: alkaneUtxos,
  },
  {
    tool: 'getInscriptionTraits',
    call: (client) => client.inscriptionTraits(TRAITS_INSCRIPTION),
    path: `/v1/inscription/${TRAITS_INSCRIPTION}/traits`,
    body: inscriptionTraits,
  },
  {
    tool: 'getBitcoinCollections',
    call: (client) => client.collections(1),
    path: '/v1/collections',
    query: { page: '1' },
    body: collectionList,
  },
  {
    tool: 'getCollectionInfo',
    call: (client) => client.collection('taproot-wizards'),
    path: '/v1/collection/taproot-wizards',
    body: collection,
  },
  {
    tool: 'getCollectionInscriptions',
    call: (client) => client.collectionInscriptions('taproot-wizards'),
    path: '/v1/collection/taproot-wizards/inscriptions',
    body: collectionInscriptions,
  },
  {
    tool: 'getCollectionMarketInfo',
    call: (client) => client.collectionMarket('bitcoin-puppets'),
    path: '/v1/collection/bitcoin-puppets/market',
    body: collectionMarket,
  },
  {
    tool: 'listBRC20Tokens',
    call: (client) => client.brc20Tokens({ sort: 'oldest', page: 2 }),
    path: '/v1/brc20',
    query: { sort: 'oldest', page: '2' },
    body: brc20List,
  },
  {
    tool: 'getBRC20TokenInfo',
    call: (client) => client.brc20Token('ordi'),
    path: '/v1/brc20/ordi',
    body: brc20,
  },
  {
    tool: 'getBRC20Activity',
    call: (client) => client.addressBrc20Activity(ADDRESS, 2),
    path: `/v1/address/${ADDRESS}/activity/brc20`,
    query: { page: '2' },
    body: brc20Activity,
  },
];

const json = { headers: { 'content-type': 'application/json' } };

describe('OrdiscanClient against Ordiscan example answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();

  it.each(ENDPOINTS)('$tool: GET $path with the bearer key answers the body as published', async (endpoint) => {
    mockAgent()
      .get('https://api.ordiscan.com')
      .intercept({
        method: 'GET',
        path: endpoint.path,
        ...(endpoint.query ? { query: endpoint.query } : {}),
        headers: { authorization: `Bearer ${KEY}` },
      })
      .reply(200, endpoint.body, json);
    const answer = await endpoint.call(new OrdiscanClient(KEY));
    // The tools' answers are Ordiscan's bodies: kept whole (fields beyond the schema too) and valid as published.
    expect(answer).toEqual(endpoint.body);
    expect(ORDINALS_OUTPUTS[endpoint.tool]!.safeParse(answer).success).toBe(true);
  });

  it("answers Ordiscan's 404 as not_found and a body of another shape as a 502 naming Ordiscan", async () => {
    const ordiscan = mockAgent().get('https://api.ordiscan.com');
    ordiscan
      .intercept({ path: `/v1/inscription/${INSCRIPTION}` })
      .reply(404, { error: { message: 'Inscription not found' } }, json);
    ordiscan.intercept({ path: '/v1/rune/HELLO' }).reply(200, { data: { name: 'HELLO' } }, json);
    await expect(new OrdiscanClient(KEY).inscription(INSCRIPTION)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
    await expect(new OrdiscanClient(KEY).rune('HELLO')).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'Ordiscan' },
    });
  });
});

describe('the Ordiscan provider', () => {
  it('is unset in sandbox mode, 503 naming ORDISCAN_API_KEY in live mode without it, the client with it', () => {
    expect(new Providers('sandbox', { ORDISCAN_API_KEY: KEY }).ordiscan).toBeUndefined();
    expect(() => new Providers('live', {}).ordiscan).toThrow(expect.objectContaining({ status: 503 }));
    expect(() => new Providers('live', {}).ordiscan).toThrow(/ORDISCAN_API_KEY/);
    expect(new Providers('live', { ORDISCAN_API_KEY: KEY }).ordiscan).toBeInstanceOf(OrdiscanClient);
    const mixed = new Providers('sandbox', { ORDISCAN_API_KEY: KEY, PROVIDERS_LIVE: 'ORDISCAN_API_KEY' });
    expect(mixed.ordiscan).toBeInstanceOf(OrdiscanClient);
  });
});
