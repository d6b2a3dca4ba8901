import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import defiHoldings from './fixtures/portfolio-defi-holdings.json' with { type: 'json' };
import transactions from './fixtures/profiler-transactions.json' with { type: 'json' };
import dexTrades from './fixtures/smart-money-dex-trades.json' with { type: 'json' };
import holdings from './fixtures/smart-money-holdings.json' with { type: 'json' };
import netflow from './fixtures/smart-money-netflow.json' with { type: 'json' };
import perpPositions from './fixtures/tgm-perp-positions.json' with { type: 'json' };
import pnlLeaderboard from './fixtures/tgm-pnl-leaderboard.json' with { type: 'json' };
import whoBoughtSold from './fixtures/tgm-who-bought-sold.json' with { type: 'json' };
import screener from './fixtures/token-screener.json' with { type: 'json' };
import { NansenClient, type NansenPage, SMART_MONEY_LABELS } from './nansen.js';

const ORIGIN = 'https://api.nansen.ai';
const KEY = 'test-nansen-key';
const JSON_HEADERS = { 'content-type': 'application/json' };
const DATES = { from: '2025-11-01', to: '2025-11-25' };

interface Case {
  readonly name: string;
  readonly path: string;
  readonly body: unknown;
  readonly fixture: { data: unknown[]; pagination: { page: number; is_last_page: boolean } };
  readonly call: (client: NansenClient) => Promise<NansenPage>;
}

const cases: Case[] = [
  {
    name: 'smart-money holdings of one chain',
    path: '/api/v1/smart-money/holdings',
    body: { chains: ['ethereum'], pagination: { page: 1, per_page: 1 } },
    fixture: holdings,
    call: (client) => client.smartMoneyHoldings('ethereum', 1),
  },
  {
    name: 'smart-money netflow, a fractional page size taken as whole rows',
    path: '/api/v1/smart-money/netflow',
    body: { chains: ['solana'], pagination: { page: 1, per_page: 10 } },
    fixture: netflow,
    call: (client) => client.smartMoneyNetflow('solana', 10.7),
  },
  {
    name: 'smart-money DEX trades',
    path: '/api/v1/smart-money/dex-trades',
    body: { chains: ['base'], pagination: { page: 1, per_page: 50 } },
    fixture: dexTrades,
    call: (client) => client.smartMoneyDexTrades('base', 50),
  },
  {
    name: 'PnL leaderboard of one token over a date range',
    path: '/api/v1/tgm/pnl-leaderboard',
    body: {
      chain: 'ethereum',
      token_address: '0x6982508145454ce325ddbe47a25d4ec3d2311933',
      date: DATES,
      pagination: { page: 1, per_page: 5 },
    },
    fixture: pnlLeaderboard,
    call: (client) => client.pnlLeaderboard('ethereum', '0x6982508145454ce325ddbe47a25d4ec3d2311933', DATES, 5),
  },
  {
    name: 'who bought and sold, smart money only',
    path: '/api/v1/tgm/who-bought-sold',
    body: {
      chain: 'ethereum',
      token_address: '0x6982508145454ce325ddbe47a25d4ec3d2311933',
      date: DATES,
      filters: { include_smart_money_labels: SMART_MONEY_LABELS },
      pagination: { page: 1, per_page: 50 },
    },
    fixture: whoBoughtSold,
    call: (client) =>
      client.whoBoughtSold('ethereum', '0x6982508145454ce325ddbe47a25d4ec3d2311933', DATES, 'smart_money', 50),
  },
  {
    name: 'who bought and sold, all traders (no filter), on perpevm as Nansen names it',
    path: '/api/v1/tgm/who-bought-sold',
    body: { chain: 'hyperevm', token_address: '0xabc', date: DATES, pagination: { page: 1, per_page: 50 } },
    fixture: whoBoughtSold,
    call: (client) => client.whoBoughtSold('perpevm', '0xabc', DATES, 'all_traders', 50),
  },
  {
    name: "a wallet's transactions over a date range",
    path: '/api/v1/profiler/address/transactions',
    body: {
      address: '0x28c6c06298d514db089934071355e5743bf21d60',
      chain: 'ethereum',
      date: DATES,
      pagination: { page: 1, per_page: 50 },
    },
    fixture: transactions,
    call: (client) => client.walletTransactions('ethereum', '0x28c6c06298d514db089934071355e5743bf21d60', DATES, 50),
  },
  {
    name: 'perp positions on one symbol',
    path: '/api/v1/tgm/perp-positions',
    body: { token_symbol: 'BTC', label_type: 'smart_money', pagination: { page: 1, per_page: 50 } },
    fixture: perpPositions,
    call: (client) => client.perpPositions('BTC', 'smart_money', 50),
  },
  {
    name: 'token screener, smart money only',
    path: '/api/v1/token-screener',
    body: {
      chains: ['solana', 'bnb'],
      timeframe: '24h',
      filters: { only_smart_money: true },
      pagination: { page: 1, per_page: 50 },
    },
    fixture: screener,
    call: (client) => client.tokenScreener(['solana', 'bnb'], '24h', true, 50),
  },
];

describe('NansenClient against Nansen API v1 documented responses', () => {
  const mockAgent = useMockAgent();
  const expectPost = (path: string, body: unknown) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'POST',
        path,
        headers: { apikey: KEY, 'content-type': 'application/json' },
        body: (sent) => JSON.stringify(JSON.parse(sent)) === JSON.stringify(body),
      });

  it.each(cases)('$name: POSTs the documented body and returns the rows and page', async (c) => {
    expectPost(c.path, c.body).reply(200, c.fixture, { headers: JSON_HEADERS });
    expect(await c.call(new NansenClient({ kind: 'key', key: KEY }))).toEqual({
      rows: c.fixture.data,
      page: c.fixture.pagination.page,
      isLastPage: c.fixture.pagination.is_last_page,
    });
  });

  it('returns the DeFi portfolio document as Nansen answers it', async () => {
    expectPost('/api/v1/portfolio/defi-holdings', { wallet_address: '0xabc' }).reply(200, defiHoldings, {
      headers: JSON_HEADERS,
    });
    expect(await new NansenClient({ kind: 'key', key: KEY }).defiHoldings('0xabc')).toEqual(defiHoldings);
  });

  it('turns a refusal into a 502 naming Nansen and its message, and a body without rows into a 502', async () => {
    expectPost('/api/v1/smart-money/holdings', { chains: ['ethereum'], pagination: { page: 1, per_page: 5 } }).reply(
      403,
      { message: 'Insufficient credits' },
      { headers: JSON_HEADERS },
    );
    await expect(new NansenClient({ kind: 'key', key: KEY }).smartMoneyHoldings('ethereum', 5)).rejects.toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/Nansen.*HTTP 403.*Insufficient credits/),
      extra: { provider: 'Nansen', upstreamStatus: 403 },
    });
    expectPost('/api/v1/smart-money/netflow', { chains: ['ethereum'], pagination: { page: 1, per_page: 5 } }).reply(
      200,
      { rows: [] },
      { headers: JSON_HEADERS },
    );
    await expect(new NansenClient({ kind: 'key', key: KEY }).smartMoneyNetflow('ethereum', 5)).rejects.toMatchObject({
      code: 'upstream_error',
    });
  });
});
