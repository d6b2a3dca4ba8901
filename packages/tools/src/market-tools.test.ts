import { findTool, outputOf, parseInput, type ToolName } from '@svc/contracts';
import { Providers, sandboxProviders, UpstreamPayer } from '@svc/providers';
import { RECORDED_MARKET_ANSWERS as RECORDED, useMockAgent } from '@svc/providers/testing';
import type { Queryable } from '@svc/store';
import { describe, expect, it } from 'vitest';
import { handlers } from './families.js';
import type { Handler, HandlerContext } from './handler.js';
import { hasCommitPoint } from './handler.js';
import { testMasterKey } from './testing/caller-contexts.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A context whose commit records when the payment would settle, relative to the upstream calls. */
function contextWith(providers: Providers, events: string[] = []): HandlerContext {
  return {
    mode: 'live',
    // These handlers call providers only; a database they touched would be a bug.
    db: {} as Queryable,
    caller: { accountId: 'acct-market-test' },
    masterKey: testMasterKey(),
    providers,
    commit: async () => {
      events.push('commit');
    },
  };
}

/** Validate a raw body with the catalog's schema, as invoke does before any payment, and run the tool. */
async function call(name: ToolName, raw: Record<string, unknown>, context: HandlerContext) {
  const tool = findTool(name)!;
  const handler = handlers[name] as Handler<ToolName>;
  return handler(parseInput(tool.input, raw, name) as never, context);
}

/** One valid body per tool of these families. */
const BODIES: Record<string, Record<string, unknown>> = {
  mktdataTradeData: { address: 'So11111111111111111111111111111111111111112' },
  mktdataTrendingTokens: {},
  searchEvmTokensMktdata: { chainId: 8453, query: 'usdc' },
  tokenMetadataInfo: { address: '0xabc', network: 'base' },
  getTrendingCoins: {},
  searchCryptoByName: { query: 'ether' },
  getCryptoPrice: { coinId: 'btc' },
  intel_smart_money_holdings: { chain: 'ethereum' },
  intel_smart_money_flows: { chain: 'ethereum' },
  intel_smart_money_trades: { chain: 'ethereum' },
  intel_pnl_leaderboard: { chain: 'ethereum', token_address: '0xabc', date_from: '2025-11-01', date_to: '2025-11-02' },
  intel_who_bought_sold: { chain: 'ethereum', token_address: '0xabc', date_from: '2025-11-01', date_to: '2025-11-02' },
  intel_wallet_profiler: { chain: 'ethereum', wallet_address: '0xabc', date_from: '2025-11-01', date_to: '2025-11-02' },
  intel_perp_positions: { token_symbol: 'BTC' },
  intel_defi_portfolio: { chain: 'ethereum', wallet_address: '0xabc' },
  intel_token_screener: { chains: ['solana'] },
  findSolanaGems: { category: 'tokens' },
  websearch: { query: 'jupiter' },
  crawlExtract: { url: 'https://jup.ag' },
  riskcheckToken: { tokenMint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' },
};
/** The setting each keyed tool names when it is missing, by the tool's family. */
const SETTING_OF_FAMILY: [RegExp, string][] = [
  [/^(mktdata|searchEvmTokensMktdata|tokenMetadataInfo)/, 'BIRDEYE_API_KEY'],
  [/^(getTrendingCoins|getCryptoPrice|searchCryptoByName)$/, 'COINGECKO_API_KEY'],
  [/^intel_/, 'NANSEN_API_KEY'],
  [/^findSolanaGems$/, 'JUPITER_API_KEY'],
  [/^websearch$/, 'TAVILY_API_KEY'],
  [/^crawlExtract$/, 'FIRECRAWL_API_KEY'],
];
const settingOf = (name: string) => SETTING_OF_FAMILY.find(([family]) => family.test(name))![1];

describe('market-data, analytics, risk, web search and crawl tools', () => {
  const mockAgent = useMockAgent();
  const keyed = Object.keys(BODIES).filter((name) => name !== 'riskcheckToken') as ToolName[];

  it.each(keyed)('%s answers 503 naming its setting in live mode without it, before settling', async (name) => {
    const events: string[] = [];
    await expect(call(name, BODIES[name]!, contextWith(new Providers('live', {}), events))).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: settingOf(name) },
    });
    expect(events).toEqual([]);
  });

  // The intel, mktdata and coin tools answer in sandbox mode from the sandbox market (intel/sandbox/, mktdata/ and
  // coins/ test them).
  const sandboxMarketTools = new Set([
    'mktdataTradeData',
    'mktdataTrendingTokens',
    'searchEvmTokensMktdata',
    'tokenMetadataInfo',
    'getTrendingCoins',
    'searchCryptoByName',
    'getCryptoPrice',
  ]);
  it.each(
    (Object.keys(BODIES) as ToolName[]).filter((name) => !name.startsWith('intel_') && !sandboxMarketTools.has(name)),
  )('%s answers 501 in sandbox mode, saying why, never settling', async (name) => {
    const events: string[] = [];
    await expect(call(name, BODIES[name]!, contextWith(sandboxProviders(), events))).rejects.toMatchObject({
      code: 'not_implemented',
      status: 501,
      message: expect.stringMatching(/no sandbox answer yet.*Nothing was charged/),
    });
    expect(events).toEqual([]);
  });

  it('settles the paid upstream reads at their commit point and the free ones after success', () => {
    const paid = Object.keys(BODIES).filter((name) => findTool(name)!.settlement === 'commit-point');
    expect(paid).toHaveLength(18);
    for (const name of paid) expect(hasCommitPoint(handlers[name as ToolName] as Handler<ToolName>), name).toBe(true);
    expect(findTool('riskcheckToken')!.settlement).toBe('after-success');
    expect(findTool('findSolanaGems')!.settlement).toBe('after-success');
  });

  it('mktdataTradeData settles before it calls Birdeye, then answers the mapped trade data', async () => {
    const events: string[] = [];
    mockAgent()
      .get('https://public-api.birdeye.so')
      .intercept({
        method: 'GET',
        path: '/defi/v3/token/trade-data/single',
        query: { address: 'So11111111111111111111111111111111111111112' },
        headers: { 'x-chain': 'solana', 'x-api-key': 'be-key' },
      })
      .reply(() => {
        events.push('upstream');
        return {
          statusCode: 200,
          data: { success: true, data: { address: 'So11111111111111111111111111111111111111112', price: 139.5 } },
          responseOptions: { headers: JSON_HEADERS },
        };
      });
    const context = contextWith(new Providers('live', { BIRDEYE_API_KEY: 'be-key' }), events);
    const result = await call('mktdataTradeData', BODIES.mktdataTradeData!, context);
    expect(events).toEqual(['commit', 'upstream']);
    expect(result).toMatchObject({ chain: 'solana', priceUsd: 139.5, volume24hUsd: null });
  });

  it('refuses a chain the provider does not cover with a 400 naming the field, before settling', async () => {
    const events: string[] = [];
    const context = contextWith(new Providers('live', { BIRDEYE_API_KEY: 'be-key' }), events);
    await expect(call('mktdataTradeData', { chain: 'altchain', address: 'x' }, context)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'chain' }],
    });
    await expect(call('searchEvmTokensMktdata', { chainId: 4663, query: 'x' }, context)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'chainId' }],
    });
    expect(events).toEqual([]);
  });

  it('getCryptoPrice asks CoinGecko for the coin id behind a ticker', async () => {
    mockAgent()
      .get('https://api.coingecko.com')
      .intercept({
        method: 'GET',
        path: '/api/v3/simple/price',
        query: { ids: 'hedera-hashgraph', vs_currencies: 'usd', include_24hr_change: 'true' },
      })
      .reply(200, { 'hedera-hashgraph': { usd: 0.1712, usd_24h_change: 1.5 } }, { headers: JSON_HEADERS });
    const context = contextWith(new Providers('live', { COINGECKO_API_KEY: 'cg' }));
    expect(await call('getCryptoPrice', { coinId: 'hbar' }, context)).toEqual({
      coinId: 'hbar',
      coingeckoId: 'hedera-hashgraph',
      priceUsd: 0.1712,
      change24hPercent: 1.5,
    });
  });

  it('paying CoinGecko per call, refuses uncharged the CoinGecko tools it does not sell over x402', async () => {
    const ledger = {
      reserve: () => Promise.reject(new Error('nothing may be reserved')),
      release: () => Promise.reject(new Error('nothing may be released')),
    };
    const payer = new UpstreamPayer(
      { evmPrivateKey: `0x${'11'.repeat(32)}`, dailyBudgetUsd: '1', maxPerCallUsd: '0.10' },
      ledger,
    );
    for (const name of ['getTrendingCoins', 'searchCryptoByName'] as const) {
      const events: string[] = [];
      await expect(
        call(name, BODIES[name]!, contextWith(new Providers('live', {}, payer), events)),
      ).rejects.toMatchObject({ code: 'not_configured', status: 503, extra: { setting: 'COINGECKO_API_KEY' } });
      expect(events).toEqual([]);
    }
  });

  it('findSolanaGems filters the live list by the given bounds and cuts it to limit', async () => {
    const token = (id: string, liquidity: number) => ({ id, name: id, symbol: id, decimals: 6, liquidity });
    mockAgent()
      .get('https://api.jup.ag')
      .intercept({ method: 'GET', path: '/tokens/v2/toptraded/1h', query: { limit: '100' } })
      .reply(200, [token('A', 10), token('B', 500), token('C', 900), token('D', 1000)], { headers: JSON_HEADERS });
    const context = contextWith(new Providers('live', { JUPITER_API_KEY: 'jup' }));
    const result = await call(
      'findSolanaGems',
      { category: 'tokens', sortBy: 'topTraded', timeframe: '1h', minLiquidity: 100, limit: 2 },
      context,
    );
    expect((result.tokens as { mint: string }[]).map((t) => t.mint)).toEqual(['B', 'C']);
  });

  it('riskcheckToken answers 404 for a mint RugCheck does not know, without charging (after-success)', async () => {
    mockAgent()
      .get('https://api.rugcheck.xyz')
      .intercept({ method: 'GET', path: `/v1/tokens/${BODIES.riskcheckToken!.tokenMint as string}/report` })
      .reply(404, {});
    await expect(
      call('riskcheckToken', BODIES.riskcheckToken!, contextWith(new Providers('live', {}))),
    ).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('crawlExtract refuses loopback, IP literal and non-http URLs with a 400 naming the item, before settling', async () => {
    const events: string[] = [];
    const context = contextWith(new Providers('live', { FIRECRAWL_API_KEY: 'fc' }), events);
    for (const [url, field] of [
      ['http://localhost:8080/x', 'url'],
      ['https://169.254.169.254/latest', 'url'],
      ['ftp://example.com/file', 'url'],
    ] as const)
      await expect(call('crawlExtract', { url }, context), url).rejects.toMatchObject({
        code: 'invalid_input',
        issues: [{ field, rule: 'public_url' }],
      });
    await expect(call('crawlExtract', { url: ['https://jup.ag', 'http://[::1]/'] }, context)).rejects.toMatchObject({
      issues: [{ field: 'url.1' }],
    });
    expect(events).toEqual([]);
  });
});

/** Each tool's provider (origin, key setting) and the recorded answers it gets, in the order it asks. */
const RECORDED_CALLS: Record<string, { origin: string; setting?: string; answers: [method: string, body: unknown][] }> =
  {
    ...Object.fromEntries(
      (
        [
          ['mktdataTradeData', RECORDED.birdeye.tradeData],
          ['mktdataTrendingTokens', RECORDED.birdeye.tokenTrending],
          ['searchEvmTokensMktdata', RECORDED.birdeye.searchV3],
          ['tokenMetadataInfo', RECORDED.birdeye.metaData],
        ] as const
      ).map(([name, body]) => [
        name,
        { origin: 'https://public-api.birdeye.so', setting: 'BIRDEYE_API_KEY', answers: [['GET', body]] },
      ]),
    ),
    ...Object.fromEntries(
      (
        [
          ['getTrendingCoins', RECORDED.coingecko.searchTrending],
          ['searchCryptoByName', RECORDED.coingecko.search],
          ['getCryptoPrice', RECORDED.coingecko.simplePriceBitcoin],
        ] as const
      ).map(([name, body]) => [
        name,
        { origin: 'https://api.coingecko.com', setting: 'COINGECKO_API_KEY', answers: [['GET', body]] },
      ]),
    ),
    ...Object.fromEntries(
      (
        [
          ['intel_smart_money_holdings', RECORDED.nansen.smartMoneyHoldings],
          ['intel_smart_money_flows', RECORDED.nansen.smartMoneyNetflow],
          ['intel_smart_money_trades', RECORDED.nansen.smartMoneyDexTrades],
          ['intel_pnl_leaderboard', RECORDED.nansen.pnlLeaderboard],
          ['intel_who_bought_sold', RECORDED.nansen.whoBoughtSold],
          ['intel_wallet_profiler', RECORDED.nansen.profilerTransactions],
          ['intel_perp_positions', RECORDED.nansen.perpPositions],
          ['intel_defi_portfolio', RECORDED.nansen.defiHoldings],
          ['intel_token_screener', RECORDED.nansen.tokenScreener],
        ] as const
      ).map(([name, body]) => [
        name,
        { origin: 'https://api.nansen.ai', setting: 'NANSEN_API_KEY', answers: [['POST', body]] },
      ]),
    ),
    riskcheckToken: { origin: 'https://api.rugcheck.xyz', answers: [['GET', RECORDED.rugcheck.report]] },
    findSolanaGems: {
      origin: 'https://api.jup.ag',
      setting: 'JUPITER_API_KEY',
      answers: [['GET', RECORDED.jupiterTokens.toptrending1h]],
    },
    websearch: {
      origin: 'https://api.tavily.com',
      setting: 'TAVILY_API_KEY',
      answers: [['POST', RECORDED.tavily.search]],
    },
    crawlExtract: {
      origin: 'https://api.firecrawl.dev',
      setting: 'FIRECRAWL_API_KEY',
      answers: [
        ['POST', RECORDED.firecrawl.extractStarted],
        ['GET', RECORDED.firecrawl.extractCompleted],
      ],
    },
  };

describe('the market tools answer what the catalog publishes (issue 18: response schemas)', () => {
  const mockAgent = useMockAgent();

  /** Runs the tool on its provider's recorded answers and checks the answer against the published schema. */
  async function expectPublished(
    name: ToolName,
    body: Record<string, unknown>,
    answers = RECORDED_CALLS[name]!.answers,
  ) {
    const { origin, setting } = RECORDED_CALLS[name]!;
    for (const [method, answer] of answers)
      mockAgent()
        .get(origin)
        .intercept({ method, path: () => true })
        .reply(200, answer as object, { headers: JSON_HEADERS });
    const context = contextWith(new Providers('live', setting ? { [setting]: 'recorded' } : {}));
    const result = await call(name, body, context);
    const output = outputOf(findTool(name)!);
    expect(output, `${name} has a published answer schema`).toBeDefined();
    const parsed = output!.safeParse(JSON.parse(JSON.stringify(result)));
    expect(parsed.error?.issues ?? [], name).toEqual([]);
    return result;
  }

  it('covers every tool of these families', () => {
    expect(Object.keys(RECORDED_CALLS).sort()).toEqual(Object.keys(BODIES).sort());
  });

  it.each(Object.keys(BODIES) as ToolName[])('%s answers its published schema on the recorded answer', async (name) => {
    const result = await expectPublished(name, BODIES[name]!);
    // A non-empty answer: the schema checked mapped rows, not an empty list.
    const list = Object.values(result).find(Array.isArray) as unknown[] | undefined;
    if (list) expect(list.length, name).toBeGreaterThan(0);
  });

  it('findSolanaGems answers its published schema for stocks too (no sortBy)', async () => {
    const result = await expectPublished('findSolanaGems', { category: 'stocks' }, [
      ['GET', RECORDED.jupiterTokens.tagStocks],
    ]);
    expect(result).not.toHaveProperty('sortBy');
    expect(result.tokens).not.toEqual([]);
  });
});
