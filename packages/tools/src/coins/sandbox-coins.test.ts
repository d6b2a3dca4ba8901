import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callTool, HISTORY, NOW, sandboxMarketContext, TOKENS } from '../testing/sandbox-market-history.js';

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  vi.useRealTimers();
});

describe('getCryptoPrice in sandbox', () => {
  it.each([
    ['eth', 'ethereum', TOKENS.weth, (3100 / 3000 - 1) * 100],
    ['ethereum', 'ethereum', TOKENS.weth, (3100 / 3000 - 1) * 100],
    ['btc', 'bitcoin', TOKENS.wbtc, 0],
    ['sol', 'solana', TOKENS.sol, (152.5 / 160 - 1) * 100],
    ['binancecoin', 'binancecoin', TOKENS.wbnb, 0],
  ])(
    '%s is the price of its sandbox USDC pool exactly, under the CoinGecko id',
    async (coinId, coingeckoId, token, change) => {
      const events: string[] = [];
      const result = await callTool('getCryptoPrice', { coinId }, sandboxMarketContext(events));
      expect(result).toEqual({
        coinId,
        coingeckoId,
        priceUsd: token.priceUsd,
        change24hPercent: expect.closeTo(change, 10),
        note: expect.stringContaining(`pool on the sandbox ${token.chain} chain`),
      });
      expect(events).toEqual(['commit']);
    },
  );

  it('answers 404 saying so when the sandbox has no pool for the coin, uncharged', async () => {
    const events: string[] = [];
    const withoutBsc = { ...HISTORY, tokens: HISTORY.tokens.filter((token) => token.chain !== 'bsc') };
    await expect(
      callTool('getCryptoPrice', { coinId: 'bnb' }, sandboxMarketContext(events, {}, withoutBsc)),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('no WBNB/USDC pool on bsc to price binancecoin'),
    });
    await expect(
      callTool('getCryptoPrice', { coinId: 'hbar' }, sandboxMarketContext(events, { hedera: undefined })),
    ).rejects.toMatchObject({ code: 'not_found', message: expect.stringContaining('HBAR/USDC pool') });
    expect(events).toEqual([]);
  });
});

describe('getTrendingCoins in sandbox', () => {
  it('ranks one coin per symbol by its 24 h volume summed across the chains, with market-cap ranks', async () => {
    const result = await callTool('getTrendingCoins', {}, sandboxMarketContext());
    const coins = result.coins as Record<string, unknown>[];
    // USDC traded 7260 USD on base and 10000 on Solana; then BONK, WETH, LINK; the rest by liquidity.
    expect(coins.map((coin) => `${coin.score}:${coin.id}`)).toEqual([
      '0:usd-coin',
      '1:bonk',
      '2:weth',
      '3:chainlink',
      '4:wrapped-bitcoin',
      '5:wbnb',
      '6:solana',
      '7:ethereum',
    ]);
    expect(coins[0]).toEqual({
      score: 0,
      id: 'usd-coin',
      name: 'USDC',
      symbol: 'USDC',
      // BONK's 90e12 x 0.00002 = 1.8e9 USD beats USDC's 1.5e9 (1e9 on base + 5e8 on Solana).
      marketCapRank: 2,
      priceUsd: 1,
      priceChange24hPercent: 0,
      marketCap: '$1,500,000,000',
      totalVolume: '$17,260',
    });
    expect(coins.map((coin) => coin.marketCapRank)).toEqual([2, 1, 3, 4, 5, 6, null, null]);
    // ETH is quoted from the pool getCryptoPrice quotes (WETH/USDC on base), not the deeper native listing elsewhere.
    const ethereum = coins.find((coin) => coin.id === 'ethereum');
    const price = await callTool('getCryptoPrice', { coinId: 'eth' }, sandboxMarketContext());
    expect(ethereum).toMatchObject({ priceUsd: price.priceUsd, priceChange24hPercent: price.change24hPercent });
    expect(result.note).toMatch(/CoinGecko id of the real coin/);
  });
});

describe('searchCryptoByName in sandbox', () => {
  const ids = async (query: string) =>
    ((await callTool('searchCryptoByName', { query }, sandboxMarketContext())).coins as { id: string }[]).map(
      (coin) => coin.id,
    );

  it('matches id, symbol or name, exact before prefix before anywhere, then by market-cap rank', async () => {
    expect(await ids('bitcoin')).toEqual(['wrapped-bitcoin']);
    expect(await ids('ETH')).toEqual(['ethereum', 'weth']);
    expect(await ids('usd')).toEqual(['usd-coin']);
    expect(await ids('b')).toEqual(['bonk', 'wrapped-bitcoin', 'wbnb']);
    expect(await ids('nothing-like-it')).toEqual([]);
    const result = await callTool('searchCryptoByName', { query: 'link' }, sandboxMarketContext());
    expect(result.coins).toEqual([{ id: 'chainlink', name: 'Chainlink', symbol: 'LINK', marketCapRank: 4 }]);
  });
});

describe('the coin tools in sandbox mode without the sandbox market', () => {
  it.each([
    ['getTrendingCoins', {}],
    ['searchCryptoByName', { query: 'eth' }],
    ['getCryptoPrice', { coinId: 'eth' }],
  ] as const)('%s answers 503 naming COINGECKO_API_KEY, uncharged', async (name, body) => {
    const events: string[] = [];
    await expect(
      callTool(name, body, sandboxMarketContext(events, { marketActivity: undefined })),
    ).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      message: expect.stringMatching(/sandbox market.*nothing was charged.*COINGECKO_API_KEY/),
      extra: { tool: name, setting: 'COINGECKO_API_KEY' },
    });
    expect(events).toEqual([]);
  });
});
