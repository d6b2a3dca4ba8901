import { describe, expect, it } from 'vitest';
import { inputJsonSchema } from '../json-schema.js';
import { ICHAIN16, ICHAIN21, analyticsTools } from './analytics.js';
import { familyHelpers } from './family.testutil.js';

const { tool, parse, ok, parsed } = familyHelpers(analyticsTools);

const SMART_MONEY = ['intel_smart_money_holdings', 'intel_smart_money_flows', 'intel_smart_money_trades'];
const DATED = ['intel_pnl_leaderboard', 'intel_who_bought_sold', 'intel_wallet_profiler'];

/** A minimal valid body per tool. */
const VALID: Record<string, Record<string, unknown>> = {
  intel_smart_money_holdings: { chain: 'ethereum' },
  intel_smart_money_flows: { chain: 'solana' },
  intel_smart_money_trades: { chain: 'base' },
  intel_pnl_leaderboard: { chain: 'ethereum', token_address: '0xabc', date_from: '2025-01-01', date_to: '2025-01-31' },
  intel_who_bought_sold: { chain: 'tron', token_address: 'TXyz', date_from: '2025-01-01', date_to: '2025-01-31' },
  intel_wallet_profiler: {
    chain: 'solana',
    wallet_address: 'So1anaWallet',
    date_from: '2025-01-01',
    date_to: '2025-01-01',
  },
  intel_perp_positions: { token_symbol: 'BTC' },
  intel_defi_portfolio: { chain: 'ethereum', wallet_address: '0xabc' },
  intel_token_screener: { chains: ['ethereum'] },
};

describe('analyticsTools', () => {
  it('defines the nine open analytics reads', () => {
    expect(analyticsTools.map((t) => t.name)).toEqual(Object.keys(VALID));
    for (const t of analyticsTools) {
      expect(t.group, t.name).toBe('Analytics');
      expect(t.identity, t.name).toBe(false);
      expect(t.effect, t.name).toBe('read');
      expect(t.price, t.name).toBe('analytics');
      expect(ok(t.name, VALID[t.name]), t.name).toBe(true);
      expect(ok(t.name, { ...VALID[t.name], extra: true }), t.name).toBe(false);
    }
  });

  it('ICHAIN16 has 16 chains and ICHAIN21 adds near, starknet, sui, ton, tron', () => {
    expect(ICHAIN16.options).toHaveLength(16);
    expect(ICHAIN21.options).toHaveLength(21);
    expect(ICHAIN21.options.slice(16)).toEqual(['near', 'starknet', 'sui', 'ton', 'tron']);
    expect(ICHAIN16.options).toContain('perpevm');
    expect(ICHAIN16.options).toContain('bnb');
  });

  it('smart-money tools accept ICHAIN16 only; the others accept ICHAIN21', () => {
    for (const name of SMART_MONEY) {
      expect(ok(name, { chain: 'sonic' }), name).toBe(true);
      expect(ok(name, { chain: 'tron' }), name).toBe(false);
      expect(ok(name, { chain: 'bsc' }), name).toBe(false);
      expect(ok(name, {}), name).toBe(false);
    }
    for (const name of [...DATED, 'intel_defi_portfolio']) {
      expect(ok(name, { ...VALID[name], chain: 'ton' }), name).toBe(true);
      expect(ok(name, { ...VALID[name], chain: 'bitcoin' }), name).toBe(false);
    }
  });

  it('per_page: default 50 everywhere; positive; at most 100 on intel_smart_money_holdings', () => {
    for (const t of analyticsTools) {
      expect(parsed(t.name, VALID[t.name]).per_page, t.name).toBe(50);
      expect(ok(t.name, { ...VALID[t.name], per_page: 1 }), t.name).toBe(true);
      expect(ok(t.name, { ...VALID[t.name], per_page: 0 }), t.name).toBe(false);
      expect(ok(t.name, { ...VALID[t.name], per_page: -5 }), t.name).toBe(false);
      expect(ok(t.name, { ...VALID[t.name], per_page: '50' }), t.name).toBe(false);
    }
    expect(ok('intel_smart_money_holdings', { chain: 'ethereum', per_page: 100 })).toBe(true);
    expect(ok('intel_smart_money_holdings', { chain: 'ethereum', per_page: 101 })).toBe(false);
    // No maximum stated for the others.
    expect(ok('intel_smart_money_flows', { chain: 'ethereum', per_page: 101 })).toBe(true);
  });

  it('dates are YYYY-MM-DD strings and both are required', () => {
    for (const name of DATED) {
      const body = VALID[name]!;
      expect(ok(name, { ...body, date_from: '2025-1-01' }), name).toBe(false);
      expect(ok(name, { ...body, date_to: '2025-02-30' }), name).toBe(false);
      expect(ok(name, { ...body, date_from: '2025-01-01T00:00:00Z' }), name).toBe(false);
      const { date_from: _from, ...withoutFrom } = body;
      const { date_to: _to, ...withoutTo } = body;
      expect(ok(name, withoutFrom), name).toBe(false);
      expect(ok(name, withoutTo), name).toBe(false);
    }
  });

  it('cross-field rule date_from <= date_to (equal allowed), reported on date_to', () => {
    for (const name of DATED) {
      const body = VALID[name]!;
      expect(ok(name, { ...body, date_from: '2025-03-01', date_to: '2025-03-01' }), name).toBe(true);
      expect(ok(name, { ...body, date_from: '2024-12-31', date_to: '2025-01-01' }), name).toBe(true);
      const result = parse(name, { ...body, date_from: '2025-01-02', date_to: '2025-01-01' });
      expect(result.success, name).toBe(false);
      expect(
        result.error?.issues.map((i) => i.path.join('.')),
        name,
      ).toEqual(['date_to']);
      expect(result.error?.issues[0]?.message, name).toMatch(/date_from <= date_to/);
    }
  });

  it('publishes the date rule in the JSON Schema description (JSON Schema cannot compare fields)', () => {
    for (const name of DATED) {
      const schema = inputJsonSchema(tool(name));
      expect(schema.description, name).toMatch(/date_from <= date_to/);
      expect(schema.required, name).toEqual(expect.arrayContaining(['chain', 'date_from', 'date_to']));
      expect(tool(name).description, name).toMatch(/cannot compare/);
    }
  });

  it('label_type: smart_money (default) or all_traders', () => {
    for (const name of ['intel_who_bought_sold', 'intel_perp_positions']) {
      expect(parsed(name, VALID[name]).label_type, name).toBe('smart_money');
      expect(ok(name, { ...VALID[name], label_type: 'all_traders' }), name).toBe(true);
      expect(ok(name, { ...VALID[name], label_type: 'whales' }), name).toBe(false);
    }
  });

  it('required identifiers are non-empty strings', () => {
    expect(ok('intel_pnl_leaderboard', { ...VALID.intel_pnl_leaderboard, token_address: '' })).toBe(false);
    expect(ok('intel_wallet_profiler', { ...VALID.intel_wallet_profiler, wallet_address: '' })).toBe(false);
    expect(ok('intel_defi_portfolio', { chain: 'ethereum' })).toBe(false);
    expect(ok('intel_perp_positions', {})).toBe(false);
    expect(ok('intel_perp_positions', { token_symbol: '' })).toBe(false);
  });

  it('intel_token_screener: chains array of ICHAIN21 with at least one entry; timeframe 24h and smart_money_only false by default', () => {
    const data = parsed('intel_token_screener', { chains: ['ethereum', 'tron'] });
    expect(data.timeframe).toBe('24h');
    expect(data.smart_money_only).toBe(false);
    expect(ok('intel_token_screener', { chains: [] })).toBe(false);
    expect(ok('intel_token_screener', {})).toBe(false);
    expect(ok('intel_token_screener', { chains: ['bitcoin'] })).toBe(false);
    expect(ok('intel_token_screener', { chains: 'ethereum' })).toBe(false);
    expect(ok('intel_token_screener', { chains: ['base'], timeframe: '7d', smart_money_only: true })).toBe(true);
    expect(ok('intel_token_screener', { chains: ['base'], smart_money_only: 'yes' })).toBe(false);
  });
});
