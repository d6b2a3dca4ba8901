import { describe, expect, it } from 'vitest';
import { inputJsonSchema } from '../json-schema.js';
import { ETH_NATIVE, SOL_NATIVE } from '../formats.js';
import { coreTools } from './core.js';
import { expectAccepted, expectRejected, familyHelpers } from './family.testutil.js';

const { tool, parse, crossCheck } = familyHelpers(coreTools);
const ok = (name: string, input: unknown) => expectAccepted(parse(name, input));
const fails = (name: string, input: unknown, path?: PropertyKey[]) => expectRejected(parse(name, input), path);

const EVM = '0x1111111111111111111111111111111111111111';
const SOL = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const str = (n: number) => 'a'.repeat(n);

describe('coreTools catalog entries', () => {
  const expected: Record<string, [price: string, identity: boolean]> = {
    wallet: ['0.0012', true],
    getAllBalances: ['0.0012', true],
    mktdataTradeData: ['0.0924', false],
    mktdataTrendingTokens: ['0.0904', false],
    searchEvmTokensMktdata: ['0.0512', false],
    getLeaderboard: ['0.0012', false],
    tokenMetadataInfo: ['0.0404', false],
    createMemory: ['0.0012', true],
    getUserMemoryCategories: ['0.0012', true],
    getUserMemoriesByCategory: ['0.0012', true],
    updateMemory: ['0.0012', true],
    deleteMemory: ['0.0012', true],
    getTrackedWallets: ['0.0588', true],
    addTrackedWallet: ['0.2205', true],
    removeTrackedWallet: ['0.0120', true],
    migrationListProjects: ['0.0704', true],
    migrationGetProjectDetails: ['0.0508', true],
    setSlippageSettings: ['0.0905', true],
    displayRecommendedSolanaTokensToBuy: ['0.0654', true],
    displayRecommendedEVMTokensToBuy: ['0.0938', true],
    displayRecommendedHederaTokensToBuy: ['0.0380', true],
  };

  it('has exactly the 21 core tools (no position tools), each once', () => {
    expect(coreTools.map((t) => t.name).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))(
    '%s: group Core, spec price and identity, read effect, a summary',
    (name, [price, identity]) => {
      const t = tool(name);
      expect(t.group).toBe('Core');
      expect(t.price).toBe(price);
      expect(t.identity).toBe(identity);
      expect(t.effect).toBe('read');
      expect(t.summary.length).toBeGreaterThan(10);
    },
  );

  it.each(Object.keys(expected))('%s rejects unknown keys', (name) => {
    fails(name, { notAField: 1 });
  });
});

describe('bodiless tools', () => {
  it.each(['wallet', 'getUserMemoryCategories', 'getTrackedWallets'])('%s takes {}', (name) => {
    expect(ok(name, {})).toEqual({});
    fails(name, { address: EVM });
  });
});

describe('getAllBalances', () => {
  it('address is optional, may be null, else an EVM address, a Solana address or a 02/03 compressed public key', () => {
    expect(ok('getAllBalances', {})).toEqual({});
    ok('getAllBalances', { address: null });
    ok('getAllBalances', { address: EVM });
    ok('getAllBalances', { address: SOL });
    ok('getAllBalances', { address: `02${'a'.repeat(64)}` });
    fails('getAllBalances', { address: 'x' }, ['address']);
    fails('getAllBalances', { address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, ['address']);
    fails('getAllBalances', { address: `04${'a'.repeat(128)}` }, ['address']);
    fails('getAllBalances', { address: '' }, ['address']);
    fails('getAllBalances', { address: 5 }, ['address']);
  });
  it('documents the address fan-out', () => {
    expect(tool('getAllBalances').description).toMatch(/address type mismatch/);
    expect(tool('getAllBalances').description).toMatch(/02 or 03/);
  });
});

describe('mktdataTradeData', () => {
  it('chain defaults to solana; address required, non-empty', () => {
    expect(ok('mktdataTradeData', { address: SOL })).toEqual({ chain: 'solana', address: SOL });
    expect(ok('mktdataTradeData', { address: EVM, chain: 'base' }).chain).toBe('base');
    ok('mktdataTradeData', { address: 'x', chain: 'sui' });
    fails('mktdataTradeData', { address: 'x', chain: 'hedera' }, ['chain']);
    fails('mktdataTradeData', {}, ['address']);
    fails('mktdataTradeData', { address: '' }, ['address']);
  });
});

describe('mktdataTrendingTokens', () => {
  it('takes no field and applies no default', () => {
    expect(ok('mktdataTrendingTokens', {})).toEqual({});
  });
  it('limit is a number 1 to 5', () => {
    ok('mktdataTrendingTokens', { limit: 1 });
    ok('mktdataTrendingTokens', { limit: 5 });
    fails('mktdataTrendingTokens', { limit: 0.99 }, ['limit']);
    fails('mktdataTrendingTokens', { limit: 0 }, ['limit']);
    fails('mktdataTrendingTokens', { limit: 5.01 }, ['limit']);
    fails('mktdataTrendingTokens', { limit: 6 }, ['limit']);
    fails('mktdataTrendingTokens', { limit: '3' }, ['limit']);
  });
  it('offset is a number >= 0', () => {
    ok('mktdataTrendingTokens', { offset: 0 });
    ok('mktdataTrendingTokens', { offset: 100 });
    fails('mktdataTrendingTokens', { offset: -0.01 }, ['offset']);
    fails('mktdataTrendingTokens', { offset: -1 }, ['offset']);
  });
  it('enums: chain CHAIN11, sortBy rank, sortType asc/desc', () => {
    ok('mktdataTrendingTokens', { chain: 'ethereum', sortBy: 'rank', sortType: 'asc' });
    ok('mktdataTrendingTokens', { sortType: 'desc' });
    fails('mktdataTrendingTokens', { sortBy: 'volume' }, ['sortBy']);
    fails('mktdataTrendingTokens', { sortType: 'ASC' }, ['sortType']);
    fails('mktdataTrendingTokens', { chain: 'hedera' }, ['chain']);
  });
});

describe('searchEvmTokensMktdata', () => {
  it('chainId is CHAINID5 and query required non-empty', () => {
    for (const chainId of [1, 56, 137, 8453, 4663]) ok('searchEvmTokensMktdata', { chainId, query: 'usdc' });
    fails('searchEvmTokensMktdata', { chainId: 42161, query: 'usdc' }, ['chainId']);
    fails('searchEvmTokensMktdata', { chainId: '1', query: 'usdc' }, ['chainId']);
    fails('searchEvmTokensMktdata', { chainId: 1 }, ['query']);
    fails('searchEvmTokensMktdata', { chainId: 1, query: '' }, ['query']);
    fails('searchEvmTokensMktdata', { query: 'usdc' }, ['chainId']);
  });
});

describe('getLeaderboard', () => {
  it('defaults page 1, pageSize 20, orderBy volume', () => {
    expect(ok('getLeaderboard', {})).toEqual({ page: 1, pageSize: 20, orderBy: 'volume' });
  });
  it('orderBy enum and query string', () => {
    for (const orderBy of ['volume', 'transactions', 'referrals', 'aura', 'pnl']) {
      expect(ok('getLeaderboard', { orderBy }).orderBy).toBe(orderBy);
    }
    fails('getLeaderboard', { orderBy: 'profit' }, ['orderBy']);
    expect(ok('getLeaderboard', { query: 'alice', page: 3, pageSize: 50 })).toEqual({
      query: 'alice',
      page: 3,
      pageSize: 50,
      orderBy: 'volume',
    });
    fails('getLeaderboard', { page: '1' }, ['page']);
    fails('getLeaderboard', { page: 0 }, ['page']);
    fails('getLeaderboard', { pageSize: 101 }, ['pageSize']);
    fails('getLeaderboard', { pageSize: 2.5 }, ['pageSize']);
  });
  it('publishes the defaults in JSON Schema', () => {
    const props = inputJsonSchema(tool('getLeaderboard')).properties as Record<string, Record<string, unknown>>;
    expect(props.page?.default).toBe(1);
    expect(props.pageSize).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(props.orderBy?.default).toBe('volume');
  });
});

describe('tokenMetadataInfo', () => {
  it('address and network (CHAIN11) required', () => {
    ok('tokenMetadataInfo', { address: EVM, network: 'altchain' });
    fails('tokenMetadataInfo', { address: EVM }, ['network']);
    fails('tokenMetadataInfo', { network: 'solana' }, ['address']);
    fails('tokenMetadataInfo', { address: '', network: 'solana' }, ['address']);
    fails('tokenMetadataInfo', { address: EVM, network: 'hedera' }, ['network']);
  });
});

describe('memory tools', () => {
  it('createMemory: category 1..128 and content 1..16384 at and past the limits', () => {
    ok('createMemory', { category: str(1), content: str(1) });
    ok('createMemory', { category: str(128), content: str(16384) });
    fails('createMemory', { category: '', content: 'x' }, ['category']);
    fails('createMemory', { category: str(129), content: 'x' }, ['category']);
    fails('createMemory', { category: 'c', content: '' }, ['content']);
    fails('createMemory', { category: 'c', content: str(16385) }, ['content']);
    fails('createMemory', { category: 'c' }, ['content']);
    fails('createMemory', { content: 'x' }, ['category']);
  });
  it('createMemory JSON Schema carries the limits', () => {
    const props = inputJsonSchema(tool('createMemory')).properties as Record<string, Record<string, unknown>>;
    expect(props.category).toMatchObject({ minLength: 1, maxLength: 128 });
    expect(props.content).toMatchObject({ minLength: 1, maxLength: 16384 });
  });
  it('getUserMemoriesByCategory: category 1..128', () => {
    ok('getUserMemoriesByCategory', { category: str(128) });
    fails('getUserMemoriesByCategory', { category: str(129) }, ['category']);
    fails('getUserMemoriesByCategory', { category: '' }, ['category']);
    fails('getUserMemoriesByCategory', {}, ['category']);
  });
  it('updateMemory: memoryId, content and category all required, with the same limits', () => {
    const good = { memoryId: 'm1', content: str(16384), category: str(128) };
    ok('updateMemory', good);
    fails('updateMemory', { ...good, memoryId: '' }, ['memoryId']);
    fails('updateMemory', { ...good, content: str(16385) }, ['content']);
    fails('updateMemory', { ...good, category: str(129) }, ['category']);
    fails('updateMemory', { ...good, content: '' }, ['content']);
    fails('updateMemory', { ...good, category: '' }, ['category']);
    for (const field of ['memoryId', 'content', 'category'] as const) {
      const { [field]: _omit, ...rest } = good;
      fails('updateMemory', rest, [field]);
    }
  });
  it('deleteMemory: memoryId required non-empty', () => {
    ok('deleteMemory', { memoryId: 'm1' });
    fails('deleteMemory', { memoryId: '' }, ['memoryId']);
    fails('deleteMemory', {}, ['memoryId']);
  });
  it('memory writes move no funds', () => {
    for (const name of ['createMemory', 'updateMemory', 'deleteMemory']) expect(tool(name).effect).toBe('read');
  });
});

describe('addTrackedWallet', () => {
  const ALL = ['eth', 'base', 'bsc', 'polygon', 'solana'];
  it('chains default to all five', () => {
    expect(ok('addTrackedWallet', { address: EVM })).toEqual({ address: EVM, chains: ALL });
  });
  it('address is an EVM or a Solana address', () => {
    ok('addTrackedWallet', { address: EVM });
    ok('addTrackedWallet', { address: SOL });
    ok('addTrackedWallet', { address: ETH_NATIVE });
    ok('addTrackedWallet', { address: SOL_NATIVE });
    fails('addTrackedWallet', { address: '' }, ['address']);
    fails('addTrackedWallet', { address: '0x1234' }, ['address']);
    fails('addTrackedWallet', { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, ['address']);
    fails('addTrackedWallet', { address: SOL.replace('E', '0') }, ['address']); // 0 is not base58
    fails('addTrackedWallet', { address: `${SOL}1` }, ['address']); // 45 characters
    fails('addTrackedWallet', {}, ['address']);
  });
  it('label is an optional string', () => {
    expect(ok('addTrackedWallet', { address: SOL, label: 'whale' }).label).toBe('whale');
    fails('addTrackedWallet', { address: SOL, label: 1 }, ['label']);
  });
  it('chains is a subset of eth, base, bsc, polygon, solana', () => {
    expect(ok('addTrackedWallet', { address: EVM, chains: ['base', 'eth'] }).chains).toEqual(['base', 'eth']);
    expect(ok('addTrackedWallet', { address: EVM, chains: ALL }).chains).toEqual(ALL);
    fails('addTrackedWallet', { address: EVM, chains: ['ethereum'] }, ['chains', 0]);
    fails('addTrackedWallet', { address: EVM, chains: 'eth' }, ['chains']);
  });
  it('rejects a repeated chain, in zod and in the JSON Schema (uniqueItems)', () => {
    fails('addTrackedWallet', { address: EVM, chains: ['eth', 'base', 'eth'] }, ['chains', 2]);
    const chains = (inputJsonSchema(tool('addTrackedWallet')).properties as Record<string, Record<string, unknown>>)
      .chains;
    expect(chains).toMatchObject({ uniqueItems: true, default: ALL });
    for (const body of [
      { address: EVM, chains: ['eth', 'eth'] },
      { address: EVM, chains: ['eth', 'bsc'] },
      { address: EVM },
      { address: 'nope' },
    ]) {
      crossCheck('addTrackedWallet', body);
    }
  });
});

describe('removeTrackedWallet', () => {
  it('address required non-empty (exact address, any string)', () => {
    ok('removeTrackedWallet', { address: EVM });
    ok('removeTrackedWallet', { address: 'label-or-anything' });
    fails('removeTrackedWallet', { address: '' }, ['address']);
    fails('removeTrackedWallet', {}, ['address']);
  });
});

describe('migration tools', () => {
  it('migrationListProjects defaults limit 5 and page 1', () => {
    expect(ok('migrationListProjects', {})).toEqual({ limit: 5, page: 1 });
    const props = inputJsonSchema(tool('migrationListProjects')).properties as Record<string, Record<string, unknown>>;
    expect(props.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 20, default: 5 });
    expect(props.page).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
  });
  it('limit is an integer 1..20', () => {
    ok('migrationListProjects', { limit: 1 });
    ok('migrationListProjects', { limit: 20 });
    fails('migrationListProjects', { limit: 0 }, ['limit']);
    fails('migrationListProjects', { limit: 21 }, ['limit']);
    fails('migrationListProjects', { limit: 2.5 }, ['limit']);
  });
  it('page is an integer >= 1', () => {
    ok('migrationListProjects', { page: 1 });
    ok('migrationListProjects', { page: 1000 });
    fails('migrationListProjects', { page: 0 }, ['page']);
    fails('migrationListProjects', { page: 1.5 }, ['page']);
  });
  it('migrationGetProjectDetails: projectId required non-empty', () => {
    ok('migrationGetProjectDetails', { projectId: 'p1' });
    fails('migrationGetProjectDetails', { projectId: '' }, ['projectId']);
    fails('migrationGetProjectDetails', {}, ['projectId']);
  });
});

describe('setSlippageSettings', () => {
  it('both slippages are required numbers, in percent from 0.01 to 50', () => {
    ok('setSlippageSettings', { swapSlippage: 1, pumpSlippage: 5 });
    ok('setSlippageSettings', { swapSlippage: 0.01, pumpSlippage: 50 });
    fails('setSlippageSettings', { swapSlippage: 0.5, pumpSlippage: 0 }, ['pumpSlippage']);
    fails('setSlippageSettings', { swapSlippage: 50.5, pumpSlippage: 1 }, ['swapSlippage']);
    fails('setSlippageSettings', { swapSlippage: 1 }, ['pumpSlippage']);
    fails('setSlippageSettings', { pumpSlippage: 1 }, ['swapSlippage']);
    fails('setSlippageSettings', { swapSlippage: '1', pumpSlippage: 1 }, ['swapSlippage']);
  });
});

describe('recommended-token display tools', () => {
  const solRecord = { address: SOL, decimals: 6, name: 'USD Coin', symbol: 'USDC', marketcap: 1e9 };
  const evmRecord = { address: EVM, decimals: 18, name: 'Token', symbol: 'TKN', marketcap: 12345.6 };
  const hbarRecord = { tokenId: '0.0.456858', decimals: 6, name: 'USD Coin', symbol: 'USDC', marketcap: 1e6 };

  it('Solana records: all fields required, no others, address base58', () => {
    ok('displayRecommendedSolanaTokensToBuy', { tokens: [solRecord] });
    ok('displayRecommendedSolanaTokensToBuy', { tokens: [] });
    fails('displayRecommendedSolanaTokensToBuy', {}, ['tokens']);
    for (const field of Object.keys(solRecord)) {
      const { [field as keyof typeof solRecord]: _omit, ...rest } = solRecord;
      fails('displayRecommendedSolanaTokensToBuy', { tokens: [rest] }, ['tokens', 0, field]);
    }
    fails('displayRecommendedSolanaTokensToBuy', { tokens: [{ ...solRecord, price: 1 }] }, ['tokens', 0]);
    fails('displayRecommendedSolanaTokensToBuy', { tokens: [{ ...solRecord, address: EVM }] }, [
      'tokens',
      0,
      'address',
    ]);
  });
  it('decimals is an integer >= 0', () => {
    ok('displayRecommendedSolanaTokensToBuy', { tokens: [{ ...solRecord, decimals: 0 }] });
    fails('displayRecommendedSolanaTokensToBuy', { tokens: [{ ...solRecord, decimals: -1 }] }, [
      'tokens',
      0,
      'decimals',
    ]);
    fails('displayRecommendedSolanaTokensToBuy', { tokens: [{ ...solRecord, decimals: 1.5 }] }, [
      'tokens',
      0,
      'decimals',
    ]);
  });
  it('EVM records with chainId 1 or 56', () => {
    ok('displayRecommendedEVMTokensToBuy', { chainId: 1, tokens: [evmRecord] });
    ok('displayRecommendedEVMTokensToBuy', { chainId: 56, tokens: [evmRecord] });
    fails('displayRecommendedEVMTokensToBuy', { chainId: 137, tokens: [evmRecord] }, ['chainId']);
    fails('displayRecommendedEVMTokensToBuy', { tokens: [evmRecord] }, ['chainId']);
    fails('displayRecommendedEVMTokensToBuy', { chainId: 1 }, ['tokens']);
    fails('displayRecommendedEVMTokensToBuy', { chainId: 1, tokens: [{ ...evmRecord, address: SOL }] }, [
      'tokens',
      0,
      'address',
    ]);
    fails('displayRecommendedEVMTokensToBuy', { chainId: 1, tokens: [{ ...evmRecord, extra: true }] }, ['tokens', 0]);
    const { marketcap: _m, ...noCap } = evmRecord;
    fails('displayRecommendedEVMTokensToBuy', { chainId: 1, tokens: [noCap] }, ['tokens', 0, 'marketcap']);
  });
  it('Hedera records use tokenId in 0.0.x form', () => {
    ok('displayRecommendedHederaTokensToBuy', { tokens: [hbarRecord] });
    fails('displayRecommendedHederaTokensToBuy', { tokens: [{ ...hbarRecord, tokenId: EVM }] }, [
      'tokens',
      0,
      'tokenId',
    ]);
    fails('displayRecommendedHederaTokensToBuy', { tokens: [{ ...hbarRecord, address: EVM }] }, ['tokens', 0]);
    const { tokenId: _t, ...noId } = hbarRecord;
    fails('displayRecommendedHederaTokensToBuy', { tokens: [noId] }, ['tokens', 0, 'tokenId']);
  });
  it('records are strict in the JSON Schema too', () => {
    for (const [name, record] of [
      ['displayRecommendedSolanaTokensToBuy', solRecord],
      ['displayRecommendedHederaTokensToBuy', hbarRecord],
    ] as const) {
      const tokens = (inputJsonSchema(tool(name)).properties as Record<string, { items: Record<string, unknown> }>)
        .tokens;
      expect(tokens?.items.additionalProperties).toBe(false);
      expect([...(tokens?.items.required as string[])].sort()).toEqual(Object.keys(record).sort());
      crossCheck(name, { tokens: [record] });
      crossCheck(name, { tokens: [{ ...record, more: 1 }] });
    }
  });
});
