import { describe, expect, it } from 'vitest';
import { inputJsonSchema } from '../json-schema.js';
import { bitcoinTools } from './bitcoin.js';
import { familyHelpers } from './family.testutil.js';

const { tool, ok, parsed, schemaOk, uniqueSpecNames, expectStrictJsonSchemas } = familyHelpers(bitcoinTools);

// Valid sample values.
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TAPROOT = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
const LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const TXID = '6fb976ab49dcec017f1e201e84395983204ae1a7c2abf7ced0a85d692e442799';
const INSCRIPTION = `${TXID}i0`;
const UTXO = `${TXID}:1`;

const RESEARCH = [
  'getUtxoRunes',
  'getOwnedInscriptionIds',
  'getRuneBalances',
  'getRareSats',
  'getStampsByAddress',
  'getAlkaneAddressBalance',
  'getAlkaneAddressUTXOs',
  'getInscriptionsByAddress',
  'getInscriptionActivity',
  'getRunesActivity',
  'getBRC20Activity',
  'getInscriptionInfo',
  'getInscriptionTraits',
  'inscriptionTransferActivity',
  'getLatestInscriptions',
  'getLatestRunes',
  'getRuneInfo',
  'getRuneMarketInfo',
  'checkRuneUnlock',
  'getBitcoinCollections',
  'getCollectionInfo',
  'getCollectionInscriptions',
  'getCollectionMarketInfo',
  'listAlkanes',
  'getAlkaneInfo',
  'listBRC20Tokens',
  'getBRC20TokenInfo',
  'rareSatsForUTXO',
  'getSatRangesForUTXO',
  'getStamp',
  'searchStamps',
  'getRecentStamps',
  'getSRC20Token',
  'searchSRC20Tokens',
  'getTopRunesByMarketCap',
  'getTopBRC20ByMarketCap',
  'getTopRunesByVolume',
  'getTopBRC20ByVolume',
  'getTrendingCoins',
  'searchCryptoByName',
  'getCryptoPrice',
  'getCollectionVolume',
  'getTopCollectionsByVolume',
  'getTopCollectionsByFloor',
  'getMarketRunePrice',
];
const WALLET_READS = ['getBTCBalances', 'getXCPBalances'];
const WALLET_WRITES = ['transferBTC', 'sendRunes', 'sendInscription', 'sendXCP'];
const ADDRESS_TOOLS = [
  'getUtxoRunes',
  'getOwnedInscriptionIds',
  'getRuneBalances',
  'getRareSats',
  'getStampsByAddress',
  'getAlkaneAddressBalance',
  'getAlkaneAddressUTXOs',
];
const ADDRESS_PAGE_TOOLS = [
  'getInscriptionsByAddress',
  'getInscriptionActivity',
  'getRunesActivity',
  'getBRC20Activity',
];
const INSCRIPTION_TOOLS = ['getInscriptionInfo', 'getInscriptionTraits', 'inscriptionTransferActivity'];
const RUNE_TOOLS = ['getRuneInfo', 'getRuneMarketInfo', 'checkRuneUnlock'];
const SLUG_TOOLS = ['getCollectionInfo', 'getCollectionInscriptions', 'getCollectionMarketInfo'];
const UTXO_TOOLS = ['rareSatsForUTXO', 'getSatRangesForUTXO'];
const TOP_MCAP = ['getTopRunesByMarketCap', 'getTopBRC20ByMarketCap'];
const TOP_VOLUME = ['getTopRunesByVolume', 'getTopBRC20ByVolume'];
const TOP_COLLECTIONS = ['getTopCollectionsByVolume', 'getTopCollectionsByFloor'];

describe('bitcoinTools: membership and metadata', () => {
  it('holds exactly the 51 Bitcoin tools, each once, all present in tools.txt', () => {
    const names = uniqueSpecNames();
    expect([...names].sort()).toEqual([...RESEARCH, ...WALLET_READS, ...WALLET_WRITES].sort());
    expect(names).toHaveLength(51);
  });

  it('puts every tool in the Bitcoin Ordinals group with a summary', () => {
    for (const t of bitcoinTools) {
      expect(t.group, t.name).toBe('Bitcoin Ordinals');
      expect(t.summary.length, t.name).toBeGreaterThan(10);
    }
  });

  it('makes research tools open reads priced by bitcoin-research', () => {
    for (const name of RESEARCH) {
      expect(tool(name), name).toMatchObject({ identity: false, effect: 'read', price: 'bitcoin-research' });
    }
  });

  it('makes the vault tools identity-gated, bitcoin-wallet priced; sends are writes, balances reads', () => {
    for (const name of WALLET_READS)
      expect(tool(name), name).toMatchObject({ identity: true, effect: 'read', price: 'bitcoin-wallet' });
    for (const name of WALLET_WRITES)
      expect(tool(name), name).toMatchObject({ identity: true, effect: 'write', price: 'bitcoin-wallet' });
  });

  it('documents every designed (names-only) tool in its description', () => {
    for (const name of ['getTopCollectionsByFloor', 'getMarketRunePrice', ...WALLET_READS, ...WALLET_WRITES]) {
      expect(tool(name).description, name).toMatch(/Designed/);
      expect(tool(name).description, name).toMatch(/Upstream|Counterparty|sats-connect|Xverse/);
    }
  });

  it('shares one schema instance between tools with the same body', () => {
    for (const group of [
      ADDRESS_TOOLS,
      ADDRESS_PAGE_TOOLS,
      INSCRIPTION_TOOLS,
      RUNE_TOOLS,
      SLUG_TOOLS,
      UTXO_TOOLS,
      TOP_MCAP,
      TOP_VOLUME,
      TOP_COLLECTIONS,
      WALLET_READS,
    ]) {
      const first = tool(group[0]!).input;
      for (const name of group) expect(tool(name).input, name).toBe(first);
    }
  });
});

describe('bitcoinTools: strict bodies', () => {
  it('rejects unknown keys on every tool', () => {
    for (const t of bitcoinTools) {
      const result = t.input.safeParse({ unexpectedKey: 1 });
      expect(result.success, t.name).toBe(false);
      if (!result.success)
        expect(
          result.error.issues.some((i) => i.code === 'unrecognized_keys'),
          t.name,
        ).toBe(true);
    }
  });

  it('accepts {} for the tools without fields and with only optional fields', () => {
    for (const name of [
      'getTrendingCoins',
      'getBTCBalances',
      'getXCPBalances',
      'getBitcoinCollections',
      'searchStamps',
      'getRecentStamps',
      'searchSRC20Tokens',
      ...TOP_MCAP,
      ...TOP_VOLUME,
      ...TOP_COLLECTIONS,
    ]) {
      expect(ok(name, {}), name).toBe(true);
    }
  });

  it('requires the starred fields', () => {
    const required: Record<string, Record<string, unknown>> = {
      getUtxoRunes: { bitcoinAddress: SEGWIT },
      getInscriptionsByAddress: { bitcoinAddress: SEGWIT },
      getInscriptionInfo: { inscriptionId: INSCRIPTION },
      getLatestInscriptions: { sort: 'inscription_number_desc' },
      getLatestRunes: { sort: 'newest' },
      getRuneInfo: { name: 'DOG' },
      getCollectionInfo: { slug: 'bitcoin-puppets' },
      listAlkanes: { sort: 'newest', type: 'TOKEN' },
      getAlkaneInfo: { id: '2:0' },
      listBRC20Tokens: { sort: 'oldest' },
      getBRC20TokenInfo: { ticker: 'ordi' },
      rareSatsForUTXO: { utxoId: UTXO },
      getStamp: { stampId: '1' },
      getSRC20Token: { tick: 'KEVIN' },
      searchCryptoByName: { query: 'pepe' },
      getCryptoPrice: { coinId: 'btc' },
      getCollectionVolume: { collectionSymbol: 'nodemonkes' },
      getMarketRunePrice: { runeName: 'DOG' },
      transferBTC: { to: SEGWIT, amount: '0.001' },
      sendRunes: { runeName: 'DOG', amount: '10', to: TAPROOT },
      sendInscription: { inscriptionId: INSCRIPTION, to: TAPROOT },
      sendXCP: { asset: 'XCP', quantity: '1', destination: LEGACY },
    };
    for (const [name, full] of Object.entries(required)) {
      expect(ok(name, full), name).toBe(true);
      for (const key of Object.keys(full)) {
        const { [key]: _dropped, ...rest } = full;
        expect(ok(name, rest), `${name} without ${key}`).toBe(false);
      }
    }
  });
});

describe('bitcoinTools: formats', () => {
  it('bitcoinAddress accepts legacy, P2SH, segwit and taproot addresses and rejects others', () => {
    for (const name of [...ADDRESS_TOOLS, ...ADDRESS_PAGE_TOOLS]) {
      for (const address of [SEGWIT, TAPROOT, LEGACY, P2SH])
        expect(ok(name, { bitcoinAddress: address }), `${name} ${address}`).toBe(true);
      for (const bad of ['', '0x52908400098527886E0F7030069857D2E4169EE7', 'bc1short', 'hello'])
        expect(ok(name, { bitcoinAddress: bad }), `${name} ${bad}`).toBe(false);
    }
  });

  it('inscriptionId must be <txid>i<index>', () => {
    for (const name of INSCRIPTION_TOOLS) {
      expect(ok(name, { inscriptionId: INSCRIPTION }), name).toBe(true);
      expect(ok(name, { inscriptionId: `${TXID}i42` }), name).toBe(true);
      for (const bad of [TXID, `${TXID}:0`, `${TXID.slice(1)}i0`, `${TXID}i`, '123'])
        expect(ok(name, { inscriptionId: bad }), `${name} ${bad}`).toBe(false);
    }
    expect(ok('sendInscription', { inscriptionId: `${TXID}:0`, to: TAPROOT })).toBe(false);
  });

  it('utxoId must be txid:vout', () => {
    for (const name of UTXO_TOOLS) {
      expect(ok(name, { utxoId: UTXO }), name).toBe(true);
      for (const bad of [TXID, `${TXID}i0`, `${TXID}:`, `${TXID}:x`, `${TXID.slice(2)}:0`])
        expect(ok(name, { utxoId: bad }), `${name} ${bad}`).toBe(false);
    }
  });

  it('alkane id must be block:tx', () => {
    expect(ok('getAlkaneInfo', { id: '2:0' })).toBe(true);
    expect(ok('getAlkaneInfo', { id: '840000:123' })).toBe(true);
    for (const bad of ['2', '2:', ':0', '2:0:1', 'a:b', '2-0'])
      expect(ok('getAlkaneInfo', { id: bad }), bad).toBe(false);
  });

  it('rune names accept any case and single • or . spacers between letters, nothing else', () => {
    const good = ['DOGGOTOTHEMOON', 'dog•go•to•the•moon', 'Dog.Go.To.The.Moon', 'UNCOMMON•GOODS', 'A'];
    const bad = ['', 'DOG GO', 'DOG••GO', '•DOG', 'DOG•', 'DOG..GO', '.DOG', 'DOG-GO', 'DOG1', 'ÄPFEL', '840000:3'];
    for (const name of RUNE_TOOLS) {
      for (const value of good) expect(ok(name, { name: value }), `${name} ${value}`).toBe(true);
      for (const value of bad) expect(ok(name, { name: value }), `${name} ${value}`).toBe(false);
    }
    for (const value of good) expect(ok('getMarketRunePrice', { runeName: value }), value).toBe(true);
    for (const value of bad) expect(ok('getMarketRunePrice', { runeName: value }), value).toBe(false);
    expect(ok('sendRunes', { runeName: 'dog•go', amount: '1', to: TAPROOT })).toBe(true);
    expect(ok('sendRunes', { runeName: 'dog go', amount: '1', to: TAPROOT })).toBe(false);
  });

  it('stampId is a numeric string (a leading minus for cursed stamps)', () => {
    for (const value of ['0', '4258', '-1024']) expect(ok('getStamp', { stampId: value }), value).toBe(true);
    for (const value of ['', 'A1234', '12.5', '--1', '1e3', ' 12'])
      expect(ok('getStamp', { stampId: value }), value).toBe(false);
    expect(ok('getStamp', { stampId: 4258 })).toBe(false);
  });

  it('non-empty identifiers: slug, ticker, tick, query, collectionSymbol', () => {
    for (const name of SLUG_TOOLS) expect(ok(name, { slug: '' }), name).toBe(false);
    expect(ok('getBRC20TokenInfo', { ticker: '' })).toBe(false);
    expect(ok('getBRC20TokenInfo', { ticker: 'ORDI' })).toBe(true);
    expect(ok('getSRC20Token', { tick: '' })).toBe(false);
    expect(ok('searchCryptoByName', { query: '' })).toBe(false);
    expect(ok('getCollectionVolume', { collectionSymbol: '' })).toBe(false);
  });

  it('enums: sorts, alkane type, sort_order, sort_by, coinId', () => {
    for (const sort of ['inscription_number_desc', 'inscription_number_asc'])
      expect(ok('getLatestInscriptions', { sort })).toBe(true);
    expect(ok('getLatestInscriptions', { sort: 'newest' })).toBe(false);
    for (const name of ['getLatestRunes', 'listBRC20Tokens']) {
      expect(ok(name, { sort: 'newest' }), name).toBe(true);
      expect(ok(name, { sort: 'oldest' }), name).toBe(true);
      expect(ok(name, { sort: 'NEWEST' }), name).toBe(false);
    }
    for (const type of ['TOKEN', 'CONTRACT', 'NFT_COLLECTION', 'NFT_ITEM'])
      expect(ok('listAlkanes', { sort: 'oldest', type }), type).toBe(true);
    expect(ok('listAlkanes', { sort: 'oldest', type: 'token' })).toBe(false);
    expect(ok('listAlkanes', { sort: 'latest', type: 'TOKEN' })).toBe(false);
    for (const name of ['searchStamps', 'searchSRC20Tokens']) {
      expect(ok(name, { sort_order: 'ASC' }), name).toBe(true);
      expect(ok(name, { sort_order: 'DESC' }), name).toBe(true);
      expect(ok(name, { sort_order: 'asc' }), name).toBe(false);
    }
    for (const sort_by of ['deploy_timestamp', 'holders', 'percent_minted'])
      expect(ok('searchSRC20Tokens', { sort_by })).toBe(true);
    expect(ok('searchSRC20Tokens', { sort_by: 'volume' })).toBe(false);
    const coins = ['btc', 'bitcoin', 'eth', 'ethereum', 'sol', 'solana', 'bnb', 'binancecoin', 'hbar', 'hedera'];
    for (const coinId of coins) expect(ok('getCryptoPrice', { coinId }), coinId).toBe(true);
    for (const coinId of ['BTC', 'doge', 'usdc', '']) expect(ok('getCryptoPrice', { coinId }), coinId).toBe(false);
  });

  it('searchStamps string and boolean fields', () => {
    expect(
      ok('searchStamps', {
        query: 'pepe',
        creator: LEGACY,
        collection_id: 'abc',
        cpid: 'A123',
        is_btc_stamp: true,
        is_cursed: false,
      }),
    ).toBe(true);
    expect(ok('searchStamps', { is_btc_stamp: 'true' })).toBe(false);
    expect(ok('searchStamps', { is_cursed: 1 })).toBe(false);
    expect(ok('searchStamps', { cpid: 5 })).toBe(false);
  });

  it('top-list minMarketCap / minVolume are numbers', () => {
    for (const name of TOP_MCAP) {
      expect(ok(name, { minMarketCap: 1_000_000 }), name).toBe(true);
      expect(ok(name, { minMarketCap: '1000000' }), name).toBe(false);
      expect(ok(name, { minVolume: 1 }), name).toBe(false);
    }
    for (const name of TOP_VOLUME) {
      expect(ok(name, { minVolume: 25_000.5 }), name).toBe(true);
      expect(ok(name, { minVolume: '1' }), name).toBe(false);
      expect(ok(name, { minMarketCap: 1 }), name).toBe(false);
    }
  });
});

describe('bitcoinTools: numeric bounds and defaults', () => {
  it('page is an integer >= 1 wherever it appears', () => {
    const cases: [string, Record<string, unknown>][] = [
      ...ADDRESS_PAGE_TOOLS.map((name): [string, Record<string, unknown>] => [name, { bitcoinAddress: SEGWIT }]),
      ['getBitcoinCollections', {}],
      ['listAlkanes', { sort: 'newest', type: 'NFT_ITEM' }],
      ['listBRC20Tokens', { sort: 'newest' }],
      ['searchStamps', {}],
    ];
    for (const [name, base] of cases) {
      expect(ok(name, { ...base, page: 1 }), name).toBe(true);
      expect(ok(name, { ...base, page: 250 }), name).toBe(true);
      expect(ok(name, { ...base, page: 0 }), name).toBe(false);
      expect(ok(name, { ...base, page: 1.5 }), name).toBe(false);
      expect(ok(name, { ...base, page: '1' }), name).toBe(false);
      expect(parsed(name, base).page, name).toBeUndefined();
    }
  });

  it('getLatestInscriptions after / before are integers >= 0', () => {
    for (const key of ['after', 'before']) {
      expect(ok('getLatestInscriptions', { sort: 'inscription_number_asc', [key]: 0 }), key).toBe(true);
      expect(ok('getLatestInscriptions', { sort: 'inscription_number_asc', [key]: 70_000_000 }), key).toBe(true);
      expect(ok('getLatestInscriptions', { sort: 'inscription_number_asc', [key]: -1 }), key).toBe(false);
      expect(ok('getLatestInscriptions', { sort: 'inscription_number_asc', [key]: 2.5 }), key).toBe(false);
    }
  });

  it('getLatestRunes after / before are plain numbers (no range in the spec)', () => {
    for (const key of ['after', 'before']) {
      for (const value of [0, -5, 1.5, 150_000])
        expect(ok('getLatestRunes', { sort: 'newest', [key]: value }), `${key} ${value}`).toBe(true);
      expect(ok('getLatestRunes', { sort: 'newest', [key]: '5' }), key).toBe(false);
    }
  });

  it('searchStamps page_size and limit are integers 1 to 100', () => {
    for (const key of ['page_size', 'limit']) {
      expect(ok('searchStamps', { [key]: 1 }), key).toBe(true);
      expect(ok('searchStamps', { [key]: 100 }), key).toBe(true);
      expect(ok('searchStamps', { [key]: 0 }), key).toBe(false);
      expect(ok('searchStamps', { [key]: 101 }), key).toBe(false);
      expect(ok('searchStamps', { [key]: 10.5 }), key).toBe(false);
      expect(parsed('searchStamps', {})[key], key).toBeUndefined();
    }
  });

  it('getRecentStamps limit is an integer 1 to 100, default 10', () => {
    expect(parsed('getRecentStamps', {}).limit).toBe(10);
    expect(parsed('getRecentStamps', { limit: 1 }).limit).toBe(1);
    expect(parsed('getRecentStamps', { limit: 100 }).limit).toBe(100);
    expect(ok('getRecentStamps', { limit: 0 })).toBe(false);
    expect(ok('getRecentStamps', { limit: 101 })).toBe(false);
    expect(ok('getRecentStamps', { limit: 5.5 })).toBe(false);
  });

  it('searchSRC20Tokens page is an integer 1 to 10000, default 5; page_size 1 to 100; deployer 26 to 62 chars', () => {
    expect(parsed('searchSRC20Tokens', {}).page).toBe(5);
    expect(parsed('searchSRC20Tokens', { page: 1 }).page).toBe(1);
    expect(parsed('searchSRC20Tokens', { page: 10000 }).page).toBe(10000);
    expect(ok('searchSRC20Tokens', { page: 0 })).toBe(false);
    expect(ok('searchSRC20Tokens', { page: 10001 })).toBe(false);
    expect(ok('searchSRC20Tokens', { page: 2.5 })).toBe(false);
    expect(ok('searchSRC20Tokens', { page_size: 1 })).toBe(true);
    expect(ok('searchSRC20Tokens', { page_size: 100 })).toBe(true);
    expect(ok('searchSRC20Tokens', { page_size: 0 })).toBe(false);
    expect(ok('searchSRC20Tokens', { page_size: 101 })).toBe(false);
    expect(ok('searchSRC20Tokens', { page_size: 7.5 })).toBe(false);
    expect(ok('searchSRC20Tokens', { deployer: 'a'.repeat(26) })).toBe(true);
    expect(ok('searchSRC20Tokens', { deployer: 'a'.repeat(62) })).toBe(true);
    expect(ok('searchSRC20Tokens', { deployer: 'a'.repeat(25) })).toBe(false);
    expect(ok('searchSRC20Tokens', { deployer: 'a'.repeat(63) })).toBe(false);
    expect(ok('searchSRC20Tokens', { deployer: TAPROOT, query: 'kevin' })).toBe(true);
  });

  it('top-lists limit is a number 1 to 50, default 20', () => {
    for (const name of [...TOP_MCAP, ...TOP_VOLUME, ...TOP_COLLECTIONS]) {
      expect(parsed(name, {}).limit, name).toBe(20);
      expect(parsed(name, { limit: 1 }).limit, name).toBe(1);
      expect(parsed(name, { limit: 50 }).limit, name).toBe(50);
      expect(parsed(name, { limit: 12.5 }).limit, name).toBe(12.5);
      expect(ok(name, { limit: 0.99 }), name).toBe(false);
      expect(ok(name, { limit: 50.01 }), name).toBe(false);
      expect(ok(name, { limit: 0 }), name).toBe(false);
      expect(ok(name, { limit: 51 }), name).toBe(false);
    }
  });
});

describe('bitcoinTools: designed wallet tools', () => {
  it("getBTCBalances and getXCPBalances take {} only (they read the caller's vault)", () => {
    for (const name of WALLET_READS) {
      expect(ok(name, {}), name).toBe(true);
      expect(ok(name, { address: SEGWIT }), name).toBe(false);
    }
  });

  it('transferBTC: amount in BTC with at most 8 decimals, addressType defaults to segwit, feeRate 0.1 to 2000', () => {
    const base = { to: SEGWIT, amount: '0.0015' };
    expect(parsed('transferBTC', base)).toEqual({ ...base, addressType: 'segwit' });
    expect(parsed('transferBTC', { ...base, addressType: 'taproot' }).addressType).toBe('taproot');
    expect(ok('transferBTC', { ...base, addressType: 'legacy' })).toBe(false);
    for (const amount of ['1', '0.00000001', '21000000', '0.12345678'])
      expect(ok('transferBTC', { ...base, amount }), amount).toBe(true);
    for (const amount of ['0', '0.00000000', '0.000000001', '-1', '1e-3', '.5', 'max', '150000 sats', ''])
      expect(ok('transferBTC', { ...base, amount }), amount).toBe(false);
    expect(ok('transferBTC', { ...base, amount: 0.001 })).toBe(false);
    for (const to of [TAPROOT, LEGACY, P2SH]) expect(ok('transferBTC', { ...base, to }), to).toBe(true);
    expect(ok('transferBTC', { ...base, to: '0x52908400098527886E0F7030069857D2E4169EE7' })).toBe(false);
    expect(ok('transferBTC', { ...base, feeRate: 0.1 })).toBe(true);
    expect(ok('transferBTC', { ...base, feeRate: 2000 })).toBe(true);
    expect(ok('transferBTC', { ...base, feeRate: 12.5 })).toBe(true);
    expect(ok('transferBTC', { ...base, feeRate: 0.09 })).toBe(false);
    expect(ok('transferBTC', { ...base, feeRate: 2000.01 })).toBe(false);
    expect(ok('transferBTC', { ...base, feeRate: '5' })).toBe(false);
  });

  it('sendRunes: amount is a positive decimal in display units (up to 38 decimals), feeRate bounded', () => {
    const base = { runeName: 'DOG•GO•TO•THE•MOON', to: TAPROOT };
    for (const amount of ['1', '1000', '12.5', `0.${'0'.repeat(37)}1`])
      expect(ok('sendRunes', { ...base, amount }), amount).toBe(true);
    for (const amount of ['0', '0.0', `0.${'0'.repeat(38)}1`, '-3', 'all', ''])
      expect(ok('sendRunes', { ...base, amount }), amount).toBe(false);
    expect(ok('sendRunes', { ...base, amount: 10 })).toBe(false);
    expect(ok('sendRunes', { ...base, amount: '1', to: 'nope' })).toBe(false);
    expect(ok('sendRunes', { ...base, amount: '1', feeRate: 0.1 })).toBe(true);
    expect(ok('sendRunes', { ...base, amount: '1', feeRate: 0.05 })).toBe(false);
    expect(ok('sendRunes', { ...base, amount: '1', feeRate: 2001 })).toBe(false);
  });

  it('sendInscription: inscriptionId and to, feeRate bounded', () => {
    expect(ok('sendInscription', { inscriptionId: INSCRIPTION, to: TAPROOT, feeRate: 3 })).toBe(true);
    expect(ok('sendInscription', { inscriptionId: INSCRIPTION, to: 'bc1' })).toBe(false);
    expect(ok('sendInscription', { inscriptionId: INSCRIPTION, to: TAPROOT, feeRate: 0 })).toBe(false);
    expect(ok('sendInscription', { inscriptionId: INSCRIPTION, to: TAPROOT, feeRate: 2000.5 })).toBe(false);
  });

  it('sendXCP: Counterparty asset names, quantity with at most 8 decimals, destination address', () => {
    const base = { quantity: '1', destination: LEGACY };
    for (const asset of [
      'XCP',
      'PEPECASH',
      'RAREPEPE',
      'BCDE',
      'ZZZZZZZZZZZZ',
      'A95428956661682177',
      'PEPECASH.my_sub-asset',
      'PEPECASH.a.b',
    ]) {
      expect(ok('sendXCP', { ...base, asset }), asset).toBe(true);
    }
    for (const asset of [
      '',
      'BTC',
      'xcp',
      'ABCD',
      'BCD',
      'ZZZZZZZZZZZZZ',
      'A123',
      'PEPECASH.',
      'PEPECASH..x',
      'PEPE CASH',
      `PEPECASH.${'a'.repeat(250)}`,
    ]) {
      expect(ok('sendXCP', { ...base, asset }), asset).toBe(false);
    }
    for (const quantity of ['1', '0.00000001', '1000000.5'])
      expect(ok('sendXCP', { ...base, asset: 'XCP', quantity }), quantity).toBe(true);
    for (const quantity of ['0', '0.000000001', '-1', '1,5', ''])
      expect(ok('sendXCP', { ...base, asset: 'XCP', quantity }), quantity).toBe(false);
    expect(ok('sendXCP', { ...base, asset: 'XCP', destination: TAPROOT })).toBe(true);
    expect(ok('sendXCP', { ...base, asset: 'XCP', destination: 'somewhere' })).toBe(false);
    expect(ok('sendXCP', { ...base, asset: 'XCP', feeRate: 0.1 })).toBe(true);
    expect(ok('sendXCP', { ...base, asset: 'XCP', feeRate: 2000.01 })).toBe(false);
  });
});

describe('bitcoinTools: published JSON Schema', () => {
  const schemaOf = (name: string) => inputJsonSchema(tool(name));
  const props = (name: string) => schemaOf(name).properties as Record<string, Record<string, unknown>>;

  it('emits a strict object schema for every tool', () => {
    expectStrictJsonSchemas();
  });

  it('carries required fields, defaults, bounds and enums', () => {
    expect(schemaOf('transferBTC').required).toEqual(['to', 'amount']);
    expect(props('transferBTC').addressType).toMatchObject({ enum: ['segwit', 'taproot'], default: 'segwit' });
    expect(props('transferBTC').feeRate).toMatchObject({ minimum: 0.1, maximum: 2000 });
    expect(props('getRecentStamps').limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(props('searchSRC20Tokens').page).toMatchObject({ type: 'integer', minimum: 1, maximum: 10000, default: 5 });
    expect(props('searchSRC20Tokens').deployer).toMatchObject({ minLength: 26, maxLength: 62 });
    expect(props('getTopRunesByVolume').limit).toMatchObject({ type: 'number', minimum: 1, maximum: 50, default: 20 });
    expect(props('getInscriptionsByAddress').page).toMatchObject({ type: 'integer', minimum: 1 });
    expect(props('getCryptoPrice').coinId?.enum).toHaveLength(10);
    expect(schemaOf('getInscriptionsByAddress').required).toEqual(['bitcoinAddress']);
  });

  it('agrees with the zod schema on the format patterns (ajv vs zod)', () => {
    const samples: [string, Record<string, unknown>][] = [
      ['getRuneInfo', { name: 'dog•go.to' }],
      ['getRuneInfo', { name: 'DOG••GO' }],
      ['getStamp', { stampId: '-12' }],
      ['getStamp', { stampId: '1.2' }],
      ['sendXCP', { asset: 'PEPECASH.sub_1', quantity: '0.5', destination: SEGWIT }],
      ['sendXCP', { asset: 'ABCD', quantity: '0.5', destination: SEGWIT }],
      ['transferBTC', { to: TAPROOT, amount: '0.00000001' }],
      ['transferBTC', { to: TAPROOT, amount: '0.000000001' }],
      ['sendRunes', { runeName: 'DOG', amount: '12.5', to: TAPROOT }],
      ['getAlkaneInfo', { id: '2:0' }],
      ['rareSatsForUTXO', { utxoId: UTXO }],
      ['getInscriptionInfo', { inscriptionId: `${TXID}:0` }],
    ];
    for (const [name, input] of samples) {
      expect(schemaOk(name, input), `${name} ${JSON.stringify(input)}`).toBe(ok(name, input));
    }
  });
});
