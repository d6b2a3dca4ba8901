import { describe, expect, it } from 'vitest';
import { backendsFor, post, useGateway } from './harness.js';

/**
 * The spec's Limits table, row by row: at each bound the call is valid (402, payment asked), just past it the
 * call is a 400 naming the field, before any payment is asked.
 */
interface Bound {
  readonly row: string;
  readonly tool: string;
  /** The other required fields of the body. */
  readonly base?: Record<string, unknown>;
  readonly field: string;
  readonly at: readonly unknown[];
  readonly past: readonly unknown[];
}

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const mints = (n: number) => Array.from({ length: n }, () => MINT);
const recipients = (...percentages: number[]) => percentages.map((percentage) => ({ address: SOL_WALLET, percentage }));
const limit = (
  row: string,
  tool: string,
  min: number,
  max: number,
  field = 'limit',
  base?: Record<string, unknown>,
): Bound => ({
  row,
  tool,
  field,
  at: [min, max],
  past: [min - 1, max + 1],
  ...(base ? { base } : {}),
});

const BOUNDS: readonly Bound[] = [
  {
    row: 'memory category 1 to 128',
    tool: 'createMemory',
    base: { content: 'c' },
    field: 'category',
    at: ['a', 'a'.repeat(128)],
    past: ['', 'a'.repeat(129)],
  },
  {
    row: 'memory category 1 to 128',
    tool: 'getUserMemoriesByCategory',
    field: 'category',
    at: ['a', 'a'.repeat(128)],
    past: ['', 'a'.repeat(129)],
  },
  {
    row: 'memory content 1 to 16384',
    tool: 'createMemory',
    base: { category: 'notes' },
    field: 'content',
    at: ['x', 'x'.repeat(16384)],
    past: ['', 'x'.repeat(16385)],
  },
  {
    row: 'memory content 1 to 16384',
    tool: 'updateMemory',
    base: { memoryId: 'm1', category: 'notes' },
    field: 'content',
    at: ['x', 'x'.repeat(16384)],
    past: ['', 'x'.repeat(16385)],
  },
  // Not in the spec's table: the service's own bound, so a label cannot fill the database (a 900 KB one was stored).
  {
    row: 'tracked wallet label up to 128',
    tool: 'addTrackedWallet',
    base: { address: SOL_WALLET },
    field: 'label',
    at: ['', 'l'.repeat(128)],
    past: ['l'.repeat(129)],
  },
  limit('mktdataTrendingTokens limit 1 to 5', 'mktdataTrendingTokens', 1, 5),
  {
    row: 'solanaGetTokenPrices tokenMints 1 to 100',
    tool: 'solanaGetTokenPrices',
    field: 'tokenMints',
    at: [mints(1), mints(100)],
    past: [mints(0), mints(101)],
  },
  limit('migrationListProjects limit 1 to 20', 'migrationListProjects', 1, 20),
  limit('findSolanaGems limit 1 to 20', 'findSolanaGems', 1, 20, 'limit', { category: 'tokens' }),
  limit('getPredictEvents limit 1 to 50', 'getPredictEvents', 1, 50),
  limit('getPredictEventsByTag limit 1 to 50', 'getPredictEventsByTag', 1, 50, 'limit', { tagId: 2 }),
  limit('hederaFindMemeCoins limit 1 to 50', 'hederaFindMemeCoins', 1, 50),
  limit('perpdexOrderHistory limit 1 to 100', 'perpdexOrderHistory', 1, 100),
  limit('perpdexFills limit 1 to 100', 'perpdexFills', 1, 100),
  limit('perpdexPerpMarkets limit 1 to 200', 'perpdexPerpMarkets', 1, 200),
  limit('perpdexOrderBook depth 1 to 50', 'perpdexOrderBook', 1, 50, 'depth', { coin: 'BTC' }),
  limit('Bitcoin top-lists limit 1 to 50', 'getTopRunesByMarketCap', 1, 50),
  limit('Bitcoin top-lists limit 1 to 50', 'getTopBRC20ByMarketCap', 1, 50),
  limit('Bitcoin top-lists limit 1 to 50', 'getTopRunesByVolume', 1, 50),
  limit('Bitcoin top-lists limit 1 to 50', 'getTopBRC20ByVolume', 1, 50),
  limit('Bitcoin top-lists limit 1 to 50', 'getTopCollectionsByVolume', 1, 50),
  limit('searchStamps page_size 1 to 100', 'searchStamps', 1, 100, 'page_size'),
  limit('searchStamps limit 1 to 100', 'searchStamps', 1, 100),
  limit('getRecentStamps limit 1 to 100', 'getRecentStamps', 1, 100),
  limit('searchSRC20Tokens page 1 to 10000', 'searchSRC20Tokens', 1, 10000, 'page'),
  limit('searchSRC20Tokens page_size 1 to 100', 'searchSRC20Tokens', 1, 100, 'page_size'),
  {
    row: 'searchSRC20Tokens deployer 26 to 62 characters',
    tool: 'searchSRC20Tokens',
    field: 'deployer',
    at: ['b'.repeat(26), 'b'.repeat(62)],
    past: ['b'.repeat(25), 'b'.repeat(63)],
  },
  {
    row: 'intel_smart_money_holdings per_page up to 100',
    tool: 'intel_smart_money_holdings',
    base: { chain: 'ethereum' },
    field: 'per_page',
    at: [100],
    past: [101],
  },
  {
    row: 'launch fee-sharing percentage per recipient 0.01 to 100, sum 100',
    tool: 'launchToken',
    base: { name: 'Token', symbol: 'TKN' },
    field: 'feeSharingRecipients',
    at: [recipients(100), recipients(0.01, 99.99)],
    past: [recipients(0.009, 99.991), recipients(100.01), recipients(50, 49.99)],
  },
  {
    row: 'createPadToken solRaised >= 35',
    tool: 'createPadToken',
    base: { name: 'Pad', symbol: 'PAD', description: 'd' },
    field: 'solRaised',
    at: [35],
    past: [34.99],
  },
  {
    row: 'createPadToken bondingCurve 51 to 80',
    tool: 'createPadToken',
    base: { name: 'Pad', symbol: 'PAD', description: 'd' },
    field: 'bondingCurve',
    at: [51, 80],
    past: [50, 81],
  },
  {
    row: 'createPadToken poolMigration 20 to 49',
    tool: 'createPadToken',
    base: { name: 'Pad', symbol: 'PAD', description: 'd' },
    field: 'poolMigration',
    at: [20, 49],
    past: [19, 50],
  },
];

describe.each(backendsFor(import.meta.url))('spec Limits table on $name', (backend) => {
  const h = useGateway(backend);

  it.each(BOUNDS.map((b) => [`${b.row} (${b.tool}.${b.field})`, b] as const))('%s', async (_label, bound) => {
    for (const value of bound.at) {
      const res = await post(h.app, bound.tool, { ...bound.base, [bound.field]: value });
      expect(
        res.statusCode,
        `${bound.field}=${JSON.stringify(value).slice(0, 40)} should be accepted: ${res.body.slice(0, 300)}`,
      ).toBe(402);
    }
    for (const value of bound.past) {
      const res = await post(h.app, bound.tool, { ...bound.base, [bound.field]: value });
      expect(res.statusCode, `${bound.field}=${JSON.stringify(value).slice(0, 40)} should be refused`).toBe(400);
      expect(res.headers['payment-required']).toBeUndefined();
      const fields = res.json().issues.map((i: { field: string }) => i.field.split('.')[0]);
      expect(fields).toContain(bound.field);
    }
  });

  it('per-call prices lie within 0.0012 .. 0.2205 USD for the tools whose price the spec gives', async () => {
    const { catalog, isPriceFamily, priceOf } = await import('@svc/contracts');
    const specPriced = catalog.filter((tool) => !isPriceFamily(tool.price));
    expect(specPriced.length).toBeGreaterThan(50);
    const prices = specPriced.map((tool) => Number(priceOf(tool)));
    expect(Math.min(...prices)).toBe(0.0012);
    expect(Math.max(...prices)).toBe(0.2205);
  });
});
