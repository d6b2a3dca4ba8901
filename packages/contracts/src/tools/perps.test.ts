import { describe, expect, it } from 'vitest';
import { familyHelpers } from './family.testutil.js';
import { perpsTools } from './perps.js';

const { tool, ok, parsed } = familyHelpers(perpsTools);

const ACCOUNT_TOOLS = [
  'perpdexPerpAccount',
  'perpdexHoldings',
  'perpdexStaking',
  'perpdexVaults',
  'perpdexPortfolio',
  'perpdexOpenOrders',
];
const HISTORY_TOOLS = ['perpdexOrderHistory', 'perpdexFills'];
const ADDRESS = '0x1111111111111111111111111111111111111111';

describe('perpsTools', () => {
  it('defines the 13 perpetuals-exchange tools, all identity-gated reads in the Perpetuals Exchange group', () => {
    expect(perpsTools.map((t) => t.name)).toEqual([
      ...ACCOUNT_TOOLS,
      ...HISTORY_TOOLS,
      'perpdexPerpMarkets',
      'perpdexPrice',
      'perpdexOrderBook',
      'perpdexCandles',
      'perpdexFundingHistory',
    ]);
    for (const t of perpsTools) {
      expect(t.group, t.name).toBe('Perpetuals Exchange');
      expect(t.identity, t.name).toBe(true);
      expect(t.effect, t.name).toBe('read');
      expect(t.price, t.name).toBe('perps');
    }
  });

  it('account tools take an optional user (address or name), nothing else', () => {
    for (const name of [...ACCOUNT_TOOLS, ...HISTORY_TOOLS]) {
      expect(ok(name, {}), name).toBe(true);
      expect(ok(name, { user: ADDRESS }), name).toBe(true);
      expect(ok(name, { user: 'alice.hl' }), name).toBe(true);
      expect(ok(name, { user: 42 }), name).toBe(false);
      expect(ok(name, { user: ADDRESS, extra: 1 }), name).toBe(false);
      expect(parsed(name, {}).user, name).toBeUndefined();
    }
  });

  it('shares one user field definition across the account tools', () => {
    const shapeOf = (name: string) => (tool(name).input as unknown as { shape: Record<string, unknown> }).shape;
    const first = shapeOf('perpdexPerpAccount').user;
    expect(first).toBeDefined();
    for (const name of [...ACCOUNT_TOOLS, ...HISTORY_TOOLS]) expect(shapeOf(name).user, name).toBe(first);
  });

  it('order history and fills: limit integer 1-100, default 30', () => {
    for (const name of HISTORY_TOOLS) {
      expect(parsed(name, {}).limit, name).toBe(30);
      expect(parsed(name, { limit: 1 }).limit, name).toBe(1);
      expect(parsed(name, { limit: 100 }).limit, name).toBe(100);
      expect(ok(name, { limit: 0 }), name).toBe(false);
      expect(ok(name, { limit: 101 }), name).toBe(false);
      expect(ok(name, { limit: 10.5 }), name).toBe(false);
    }
  });

  it('perpdexPerpMarkets: coins array optional, limit integer 1-200, default 40', () => {
    expect(parsed('perpdexPerpMarkets', {}).limit).toBe(40);
    expect(ok('perpdexPerpMarkets', { coins: ['BTC', 'ETH'], limit: 1 })).toBe(true);
    expect(ok('perpdexPerpMarkets', { limit: 200 })).toBe(true);
    expect(ok('perpdexPerpMarkets', { limit: 0 })).toBe(false);
    expect(ok('perpdexPerpMarkets', { limit: 201 })).toBe(false);
    expect(ok('perpdexPerpMarkets', { limit: 1.5 })).toBe(false);
    expect(ok('perpdexPerpMarkets', { coins: 'BTC' })).toBe(false);
  });

  it('perpdexPrice: coins optional array of strings', () => {
    expect(ok('perpdexPrice', {})).toBe(true);
    expect(ok('perpdexPrice', { coins: ['BTC'] })).toBe(true);
    expect(ok('perpdexPrice', { coins: [1] })).toBe(false);
    expect(ok('perpdexPrice', { coin: 'BTC' })).toBe(false);
  });

  it('perpdexOrderBook: coin required and non-empty, depth integer 1-50, default 10', () => {
    expect(parsed('perpdexOrderBook', { coin: 'BTC' }).depth).toBe(10);
    expect(ok('perpdexOrderBook', {})).toBe(false);
    expect(ok('perpdexOrderBook', { coin: '' })).toBe(false);
    expect(ok('perpdexOrderBook', { coin: 'BTC', depth: 1 })).toBe(true);
    expect(ok('perpdexOrderBook', { coin: 'BTC', depth: 50 })).toBe(true);
    expect(ok('perpdexOrderBook', { coin: 'BTC', depth: 0 })).toBe(false);
    expect(ok('perpdexOrderBook', { coin: 'BTC', depth: 51 })).toBe(false);
    expect(ok('perpdexOrderBook', { coin: 'BTC', depth: 2.5 })).toBe(false);
  });

  it('perpdexCandles: coin and startTime required, interval enum default 1h, epoch ms integers', () => {
    const base = { coin: 'ETH', startTime: 1_700_000_000_000 };
    expect(parsed('perpdexCandles', base).interval).toBe('1h');
    expect(parsed('perpdexCandles', base).endTime).toBeUndefined();
    for (const interval of ['1m', '5m', '15m', '1h', '4h', '1d', '1w'])
      expect(ok('perpdexCandles', { ...base, interval }), interval).toBe(true);
    expect(ok('perpdexCandles', { ...base, interval: '2h' })).toBe(false);
    expect(ok('perpdexCandles', { coin: 'ETH' })).toBe(false);
    expect(ok('perpdexCandles', { startTime: 1 })).toBe(false);
    expect(ok('perpdexCandles', { ...base, startTime: 1.5 })).toBe(false);
    expect(ok('perpdexCandles', { ...base, startTime: '1700000000000' })).toBe(false);
    expect(ok('perpdexCandles', { ...base, endTime: 1_700_000_100_000 })).toBe(true);
    expect(ok('perpdexCandles', { ...base, endTime: 1.5 })).toBe(false);
  });

  it('perpdexFundingHistory: coin and startTime required, endTime optional, epoch ms integers', () => {
    const base = { coin: 'BTC', startTime: 1_700_000_000_000 };
    expect(ok('perpdexFundingHistory', base)).toBe(true);
    expect(ok('perpdexFundingHistory', { ...base, endTime: 1_700_000_100_000 })).toBe(true);
    expect(ok('perpdexFundingHistory', { coin: 'BTC' })).toBe(false);
    expect(ok('perpdexFundingHistory', { startTime: 1 })).toBe(false);
    expect(ok('perpdexFundingHistory', { ...base, coin: '' })).toBe(false);
    expect(ok('perpdexFundingHistory', { ...base, endTime: 0.5 })).toBe(false);
    expect(ok('perpdexFundingHistory', { ...base, interval: '1h' })).toBe(false);
  });
});
