import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalWeb } from '../ports/local-web.js';
import { BASE, callTool, NOW, sandboxMarketContext, SOLANA } from '../testing/sandbox-market-history.js';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

const SIMULATED = /does not run .*simulates base, bsc, ethereum, solana/;

describe('mktdataTradeData in sandbox', () => {
  it("answers the token's price, 24 h swaps and holders from the market index, then settles", async () => {
    const events: string[] = [];
    const result = await callTool(
      'mktdataTradeData',
      { chain: 'base', address: BASE.LINK.toLowerCase() },
      sandboxMarketContext(events),
    );
    expect(result).toEqual({
      chain: 'base',
      address: BASE.LINK,
      priceUsd: 15,
      // 12 USD 24 h ago (the point 25 h ago), 15 now.
      priceChange24hPercent: 25,
      // The buy 30 h ago is outside the day: a 1500 USD buy and a 760 USD sale remain.
      volume24hUsd: 2260,
      buyVolume24hUsd: 1500,
      sellVolume24hUsd: 760,
      trades24h: 2,
      buys24h: 1,
      sells24h: 1,
      uniqueWallets24h: 2,
      // Three wallets hold LINK; the pool it traded in does not count, nor the emptied wallet.
      holders: 3,
      lastTradeAt: new Date(NOW.getTime() - 2 * 3_600_000).toISOString(),
      note: expect.stringContaining('a buy is a swap that bought the token'),
    });
    expect(events).toEqual(['commit']);
  });

  it('counts a token that has not traded as zero volume, with no last trade', async () => {
    const result = await callTool('mktdataTradeData', { chain: 'base', address: BASE.WBTC }, sandboxMarketContext());
    expect(result).toMatchObject({ volume24hUsd: 0, trades24h: 0, holders: 0, lastTradeAt: null, priceUsd: 61_000 });
  });

  it('answers 404 naming the token and chain for a token the sandbox chain has not, uncharged', async () => {
    const events: string[] = [];
    const missing = `0x${'9'.repeat(40)}`;
    await expect(
      callTool('mktdataTradeData', { chain: 'base', address: missing }, sandboxMarketContext(events)),
    ).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
      message: expect.stringMatching(new RegExp(`${missing}.*base`)),
      extra: { chain: 'base', address: missing },
    });
    expect(events).toEqual([]);
  });

  it('answers null figures and a note naming the simulated chains for a provider chain the sandbox does not run', async () => {
    const result = await callTool(
      'mktdataTradeData',
      { chain: 'arbitrum', address: BASE.LINK },
      sandboxMarketContext(),
    );
    expect(result).toMatchObject({
      chain: 'arbitrum',
      address: BASE.LINK,
      priceUsd: null,
      volume24hUsd: null,
      holders: null,
    });
    expect(result.note).toMatch(SIMULATED);
  });

  it('keeps the live 400 for altchain, which the provider does not cover, before settling', async () => {
    const events: string[] = [];
    await expect(
      callTool('mktdataTradeData', { chain: 'altchain', address: BASE.LINK }, sandboxMarketContext(events)),
    ).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'chain' }] });
    expect(events).toEqual([]);
  });
});

describe('mktdataTrendingTokens in sandbox', () => {
  const symbols = (result: Record<string, unknown>) =>
    (result.tokens as { rank: number; symbol: string }[]).map(({ rank, symbol }) => `${rank}:${symbol}`);

  it('ranks the chain tokens by 24 h volume (ties: liquidity), rank 1 first by default', async () => {
    const result = await callTool('mktdataTrendingTokens', { chain: 'base' }, sandboxMarketContext());
    // USDC traded in all three swaps of the day (7260 USD), WETH 5000, LINK 2260; WBTC and ETH none (WBTC is deeper).
    expect(symbols(result)).toEqual(['1:USDC', '2:WETH', '3:LINK', '4:WBTC', '5:ETH']);
    expect(result).toMatchObject({ chain: 'base', sortBy: 'rank', total: 5, updatedAt: NOW.toISOString() });
    expect((result.tokens as unknown[])[2]).toEqual({
      rank: 3,
      address: BASE.LINK,
      symbol: 'LINK',
      name: 'Sandbox Chainlink',
      decimals: 18,
      priceUsd: 15,
      priceChange24hPercent: 25,
      liquidityUsd: 2_000_000,
      volume24hUsd: 2260,
      marketCapUsd: 15_000_000,
    });
    expect((result.tokens as { marketCapUsd: unknown }[])[4]?.marketCapUsd).toBeNull();
  });

  it('orders by rank descending for sortType desc, and pages with offset and limit', async () => {
    const context = sandboxMarketContext();
    const desc = await callTool('mktdataTrendingTokens', { chain: 'base', sortType: 'desc' }, context);
    expect(symbols(desc)).toEqual(['5:ETH', '4:WBTC', '3:LINK', '2:WETH', '1:USDC']);
    const page = await callTool('mktdataTrendingTokens', { chain: 'base', offset: 1, limit: 2 }, context);
    expect(symbols(page)).toEqual(['2:WETH', '3:LINK']);
    expect(page.total).toBe(5);
    const past = await callTool('mktdataTrendingTokens', { chain: 'base', offset: 9 }, context);
    expect(past).toMatchObject({ tokens: [], total: 5 });
  });

  it('defaults to solana, as live', async () => {
    const result = await callTool('mktdataTrendingTokens', {}, sandboxMarketContext());
    expect(result.chain).toBe('solana');
    expect(symbols(result)).toEqual(['1:USDC', '2:BONK', '3:SOL']);
  });

  it('answers an empty list with a note for a chain the sandbox does not run', async () => {
    const result = await callTool('mktdataTrendingTokens', { chain: 'optimism' }, sandboxMarketContext());
    expect(result).toMatchObject({ chain: 'optimism', tokens: [], total: 0 });
    expect(result.note).toMatch(SIMULATED);
  });
});

describe('searchEvmTokensMktdata in sandbox', () => {
  const found = (result: Record<string, unknown>) => (result.tokens as { symbol: string }[]).map((t) => t.symbol);

  it('matches symbol, name or address in any case, best match first, with market figures', async () => {
    const context = sandboxMarketContext();
    const link = await callTool('searchEvmTokensMktdata', { chainId: 8453, query: 'link' }, context);
    expect(link).toMatchObject({ chainId: 8453, chain: 'base' });
    expect(link.tokens).toEqual([
      {
        address: BASE.LINK,
        name: 'Sandbox Chainlink',
        symbol: 'LINK',
        chain: 'base',
        decimals: 18,
        priceUsd: 15,
        liquidityUsd: 2_000_000,
        marketCapUsd: 15_000_000,
        volume24hUsd: 2260,
        verified: null,
      },
    ]);
    // The exact symbol first, then symbols containing it (WETH, the more traded, before none else).
    expect(found(await callTool('searchEvmTokensMktdata', { chainId: 8453, query: 'ETH' }, context))).toEqual([
      'ETH',
      'WETH',
    ]);
    // Symbol prefix before name prefix; ties by volume.
    expect(found(await callTool('searchEvmTokensMktdata', { chainId: 8453, query: 'w' }, context))).toEqual([
      'WETH',
      'WBTC',
    ]);
    expect(
      found(await callTool('searchEvmTokensMktdata', { chainId: 8453, query: BASE.USDC.toUpperCase() }, context)),
    ).toEqual(['USDC']);
    expect(found(await callTool('searchEvmTokensMktdata', { chainId: 8453, query: 'sandbox' }, context))).toEqual([
      'LINK',
      'WBTC',
    ]);
    expect(found(await callTool('searchEvmTokensMktdata', { chainId: 56, query: 'bnb' }, context))).toEqual(['WBNB']);
  });

  it('answers no tokens with a note on a chain the sandbox does not run', async () => {
    const result = await callTool('searchEvmTokensMktdata', { chainId: 137, query: 'usdc' }, sandboxMarketContext());
    expect(result).toMatchObject({ chainId: 137, chain: 'polygon', tokens: [] });
    expect(result.note).toMatch(SIMULATED);
  });

  it('keeps the 400 for chainId 4663 in sandbox too, before settling', async () => {
    const events: string[] = [];
    await expect(
      callTool('searchEvmTokensMktdata', { chainId: 4663, query: 'usdc' }, sandboxMarketContext(events)),
    ).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'chainId' }] });
    expect(events).toEqual([]);
  });
});

describe('tokenMetadataInfo in sandbox', () => {
  const origin = 'http://127.0.0.1:4999';
  const fetched: string[] = [];
  const localWeb: LocalWeb = {
    origin,
    search: async () => [],
    fetchPage: async (url) => {
      fetched.push(url);
      return url === `${origin}/tokens/base/LINK`
        ? {
            url,
            title: 'Sandbox Chainlink (LINK) on sandbox base',
            description: 'LINK is a token of the sandbox base chain, with 18 decimals.',
            content: '…',
            statusCode: 200,
            contentType: 'text/html',
          }
        : undefined;
    },
  };

  it("answers the index's name, symbol and decimals and links the token's local web page", async () => {
    const result = await callTool(
      'tokenMetadataInfo',
      { network: 'base', address: BASE.LINK.toLowerCase() },
      sandboxMarketContext([], { localWeb }),
    );
    expect(result).toEqual({
      network: 'base',
      address: BASE.LINK,
      name: 'Sandbox Chainlink',
      symbol: 'LINK',
      decimals: 18,
      logoUri: null,
      links: {
        website: `${origin}/tokens/base/LINK`,
        description: 'LINK is a token of the sandbox base chain, with 18 decimals.',
      },
      note: expect.stringContaining('local web'),
    });
  });

  it('answers no links when the local web has no page for the token, or there is no local web', async () => {
    const wbtc = { network: 'base', address: BASE.WBTC };
    expect((await callTool('tokenMetadataInfo', wbtc, sandboxMarketContext([], { localWeb }))).links).toEqual({});
    expect(fetched).toContain(`${origin}/tokens/base/WBTC`);
    const bonk = { network: 'solana', address: SOLANA.BONK };
    expect(await callTool('tokenMetadataInfo', bonk, sandboxMarketContext())).toMatchObject({
      symbol: 'BONK',
      links: {},
    });
  });

  it('answers 404 for an unknown token and nulls on a chain the sandbox does not run', async () => {
    const events: string[] = [];
    await expect(
      callTool('tokenMetadataInfo', { network: 'solana', address: 'Nope1111' }, sandboxMarketContext(events)),
    ).rejects.toMatchObject({ code: 'not_found', extra: { chain: 'solana', address: 'Nope1111' } });
    expect(events).toEqual([]);
    const result = await callTool('tokenMetadataInfo', { network: 'zksync', address: '0xabc' }, sandboxMarketContext());
    expect(result).toMatchObject({ network: 'zksync', address: '0xabc', name: null, symbol: null, links: {} });
    expect(result.note).toMatch(SIMULATED);
  });
});

describe('the mktdata tools in sandbox mode without the sandbox market', () => {
  it.each([
    ['mktdataTradeData', { address: SOLANA.BONK }],
    ['mktdataTrendingTokens', {}],
    ['searchEvmTokensMktdata', { chainId: 8453, query: 'usdc' }],
    ['tokenMetadataInfo', { network: 'base', address: BASE.USDC }],
  ] as const)('%s answers 503 naming BIRDEYE_API_KEY, uncharged', async (name, body) => {
    const events: string[] = [];
    await expect(
      callTool(name, body, sandboxMarketContext(events, { marketActivity: undefined })),
    ).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      message: expect.stringMatching(/sandbox market.*nothing was charged.*BIRDEYE_API_KEY/),
      extra: { tool: name, setting: 'BIRDEYE_API_KEY' },
    });
    expect(events).toEqual([]);
  });
});
