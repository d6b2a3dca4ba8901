import { findTool, outputOf, parseInput, type ToolName } from '@svc/contracts';
import { sandboxProviders } from '@svc/providers';
import type { Queryable } from '@svc/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../families.js';
import type { Handler, HandlerContext } from '../../handler.js';
import type { MarketToken, MarketTrade, WalletLabel } from '../../ports/market-activity.js';
import { testMasterKey } from '../../testing/caller-contexts.js';
import { type MarketHistory, recordedMarketActivity } from '../../testing/recorded-market-activity.js';

const NOW = new Date('2026-11-26T12:00:00Z');

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const SMART = address(0x51);
const FUND = address(0xf1);
const RETAIL = address(0x7e);
const MAKER = address(0x33);
const VAULT = address(0xa0);
const POOL = address(0x9001);
const LABELS: Record<string, WalletLabel> = {
  [SMART]: { kind: 'smart_money', name: 'Smart Trader' },
  [FUND]: { kind: 'fund', name: 'Fund' },
  [RETAIL]: { kind: 'retail', name: 'Retail' },
  [MAKER]: { kind: 'market_maker', name: 'Market Maker' },
};

const token = (symbol: string, tokenAddress: string, priceUsd: number, supply: number | null): MarketToken => ({
  chain: 'base',
  address: tokenAddress,
  symbol,
  name: symbol,
  decimals: 18,
  priceUsd,
  liquidityUsd: 200_000,
  supply,
});
const USDC = token('USDC', address(0xc0), 1, 50_000_000);
const TOKA = token('TOKA', address(0xa11ce), 5, 1_000_000);
const TOKB = token('TOKB', address(0xb0b), 3, 1_000_000);
const ETH = token('ETH', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 3000, null);
const WSOL: MarketToken = {
  ...token('WSOL', 'So11111111111111111111111111111111111111112', 140, 1_000),
  chain: 'solana',
  decimals: 9,
};

let block = 100;
/** A swap on base: `trader` sold `sold` for `bought`, worth `valueUsd`, at `at`. */
function swap(
  at: string,
  trader: string,
  sold: [MarketToken, number],
  bought: [MarketToken, number],
  valueUsd: number,
): MarketTrade {
  block += 1;
  return {
    chain: 'base',
    transactionHash: `0x${block.toString(16).padStart(64, '0')}`,
    blockNumber: block,
    timestamp: at,
    trader,
    traderLabel: LABELS[trader] ?? null,
    pool: POOL,
    sold: { address: sold[0].address, symbol: sold[0].symbol, amount: sold[1] },
    bought: { address: bought[0].address, symbol: bought[0].symbol, amount: bought[1] },
    valueUsd,
  };
}

// Oldest first, as the indexer answers. The smart trader's three TOKA swaps are the PnL example worked by hand below.
const TRADES = {
  fundEth: swap('2026-10-01T00:00:00.000Z', FUND, [USDC, 2500], [ETH, 1], 2500),
  smartEth: swap('2026-11-01T00:00:00.000Z', SMART, [ETH, 1], [USDC, 2800], 2800),
  smartBuy1: swap('2026-11-20T10:00:00.000Z', SMART, [USDC, 100], [TOKA, 100], 100),
  smartBuy2: swap('2026-11-21T10:00:00.000Z', SMART, [USDC, 300], [TOKA, 100], 300),
  smartSell: swap('2026-11-22T10:00:00.000Z', SMART, [TOKA, 50], [USDC, 200], 200),
  makerBuy: swap('2026-11-23T10:00:00.000Z', MAKER, [USDC, 10], [TOKB, 10], 10),
  makerOversell: swap('2026-11-24T10:00:00.000Z', MAKER, [TOKB, 20], [USDC, 60], 60),
  retailSell: swap('2026-11-26T06:00:00.000Z', RETAIL, [TOKA, 20], [USDC, 98], 98),
  vaultBuy: swap('2026-11-26T09:00:00.000Z', VAULT, [USDC, 49], [TOKA, 10], 49),
  fundBuy: swap('2026-11-26T11:30:00.000Z', FUND, [USDC, 4900], [TOKA, 1000], 4900),
};

const HISTORY: MarketHistory = {
  tokens: [USDC, TOKA, TOKB, ETH, WSOL],
  trades: Object.values(TRADES),
  balances: [
    { chain: 'base', token: TOKA.address, wallet: SMART, balance: 150 },
    { chain: 'base', token: TOKA.address, wallet: FUND, balance: 1000 },
    { chain: 'base', token: TOKA.address, wallet: RETAIL, balance: 500 },
    { chain: 'base', token: TOKA.address, wallet: VAULT, balance: 10 },
    { chain: 'base', token: TOKA.address, wallet: POOL, balance: 50_000 },
    { chain: 'base', token: ETH.address, wallet: SMART, balance: 2 },
    { chain: 'base', token: USDC.address, wallet: FUND, balance: 10_000 },
    { chain: 'base', token: USDC.address, wallet: MAKER, balance: 90_000 },
  ],
  labels: Object.entries(LABELS).map(([wallet, label]) => ({ chain: 'base' as const, address: wallet, label })),
  prices: [
    { chain: 'base', token: TOKA.address, at: new Date('2026-11-25T00:00:00Z'), priceUsd: 4 },
    { chain: 'base', token: TOKA.address, at: new Date('2026-11-26T00:00:00Z'), priceUsd: 4.9 },
  ],
};

/** A sandbox call's context with the market (none: a sandbox started without chains); commit records settling. */
function sandboxContext(events: string[], history: MarketHistory | null = HISTORY): HandlerContext {
  return {
    mode: 'sandbox',
    db: {} as Queryable,
    caller: undefined,
    masterKey: testMasterKey(),
    providers: sandboxProviders(),
    marketActivity: history ? recordedMarketActivity(history) : undefined,
    commit: async () => {
      events.push('commit');
    },
  };
}

type Row = Record<string, unknown>;
type Answer = Record<string, unknown> & { rows: Row[]; note?: string };

/** Validates the body as invoke does, runs the tool, and checks the answer against its published schema. */
async function call(name: ToolName, body: Record<string, unknown>, events: string[] = []): Promise<Answer> {
  const tool = findTool(name)!;
  const answer = await (handlers[name] as Handler<ToolName>)(
    parseInput(tool.input, body, name) as never,
    sandboxContext(events),
  );
  const parsed = outputOf(tool)!.safeParse(JSON.parse(JSON.stringify(answer)));
  expect(parsed.error?.issues ?? [], name).toEqual([]);
  return answer as Answer;
}

const byAddress = (rows: readonly Row[], field: string) => new Map(rows.map((row) => [row[field] as string, row]));

describe('the intel tools in sandbox mode, from the sandbox market', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('intel_smart_money_holdings: smart money and funds only, valued now, 24h change from their swaps', async () => {
    const answer = await call('intel_smart_money_holdings', { chain: 'base' });
    expect(answer).toMatchObject({ chain: 'base', page: 1, isLastPage: true });
    expect(answer.rows.map((row) => row.token_symbol)).toEqual(['USDC', 'ETH', 'TOKA']);
    const [usdc, eth, toka] = answer.rows;
    // TOKA: 150 (smart trader) + 1000 (fund) at $5; the fund bought its 1000 in the last 24h, so 150 before.
    expect(toka).toMatchObject({
      chain: 'base',
      token_address: TOKA.address,
      value_usd: 5750,
      holders_count: 2,
      market_cap_usd: 5_000_000,
      token_sectors: null,
      token_age_days: null,
    });
    expect(toka!.balance_24h_percent_change).toBeCloseTo(((1150 - 150) / 150) * 100, 9);
    expect(toka!.share_of_holdings_percent).toBeCloseTo((5750 / 21_750) * 100, 9);
    // USDC: the market maker's 90 000 is not smart money; the fund spent 4900 of its 14 900 in the last 24h.
    expect(usdc).toMatchObject({ value_usd: 10_000, holders_count: 1 });
    expect(usdc!.balance_24h_percent_change).toBeCloseTo((-4900 / 14_900) * 100, 9);
    expect(eth).toMatchObject({ value_usd: 6000, balance_24h_percent_change: 0, market_cap_usd: null });

    const first = await call('intel_smart_money_holdings', { chain: 'base', per_page: 1 });
    expect(first.rows.map((row) => row.token_symbol)).toEqual(['USDC']);
    expect(first.isLastPage).toBe(false);
  });

  it('intel_smart_money_flows: net USD flow per window, a swap flowing into the bought token and out of the sold', async () => {
    const answer = await call('intel_smart_money_flows', { chain: 'base' });
    const rows = byAddress(answer.rows, 'token_address');
    expect(rows.get(TOKA.address)).toEqual({
      token_address: TOKA.address,
      token_symbol: 'TOKA',
      net_flow_1h_usd: 4900,
      net_flow_24h_usd: 4900,
      net_flow_7d_usd: 100 + 300 - 200 + 4900,
      net_flow_30d_usd: 100 + 300 - 200 + 4900,
      chain: 'base',
      trader_count: 2,
    });
    expect(rows.get(USDC.address)).toMatchObject({
      net_flow_1h_usd: -4900,
      net_flow_7d_usd: -100 - 300 + 200 - 4900,
      net_flow_30d_usd: -100 - 300 + 200 - 4900 + 2800,
    });
    // The fund's ETH buy is older than 30 days; the smart trader's ETH sale 25 days ago counts in 30d only.
    expect(rows.get(ETH.address)).toMatchObject({ net_flow_7d_usd: 0, net_flow_30d_usd: -2800, trader_count: 1 });
    expect(answer.rows.map((row) => row.token_symbol)).toEqual(['TOKA', 'ETH', 'USDC']);
  });

  it('intel_smart_money_trades: their swaps newest first, in the dex-trades row shape; retail and vaults left out', async () => {
    const answer = await call('intel_smart_money_trades', { chain: 'base', per_page: 2 });
    expect(answer).toMatchObject({ page: 1, isLastPage: false });
    expect(answer.rows).toEqual([
      {
        chain: 'base',
        block_timestamp: '2026-11-26T11:30:00',
        transaction_hash: TRADES.fundBuy.transactionHash,
        trader_address: FUND,
        trader_address_label: 'Fund',
        token_bought_address: TOKA.address,
        token_sold_address: USDC.address,
        token_bought_symbol: 'TOKA',
        token_sold_symbol: 'USDC',
        token_bought_amount: 1000,
        token_sold_amount: 4900,
        trade_value_usd: 4900,
      },
      expect.objectContaining({
        transaction_hash: TRADES.smartSell.transactionHash,
        trader_address_label: 'Smart Trader',
      }),
    ]);
    const all = await call('intel_smart_money_trades', { chain: 'base' });
    expect(all.rows.map((row) => row.transaction_hash)).toEqual(
      [TRADES.fundBuy, TRADES.smartSell, TRADES.smartBuy2, TRADES.smartBuy1, TRADES.smartEth, TRADES.fundEth].map(
        (trade) => trade.transactionHash,
      ),
    );
  });

  it('intel_pnl_leaderboard: average-cost PnL per trader of the token over the range, worked by hand', async () => {
    const range = { chain: 'base', token_address: TOKA.address.toUpperCase(), date_from: '2026-11-20' };
    const answer = await call('intel_pnl_leaderboard', { ...range, date_to: '2026-11-26' });
    expect(answer.rows.map((row) => row.trader_address)).toEqual([SMART, FUND, VAULT, RETAIL]);
    // Bought 100 for $100 and 100 for $300 (average cost $2), sold 50 for $200, holds 150 at $5.
    expect(answer.rows[0]).toEqual({
      trader_address: SMART,
      trader_address_label: 'Smart Trader',
      price_usd: 5,
      pnl_usd_realised: 200 - 50 * 2,
      pnl_usd_unrealised: 150 * 5 - 150 * 2,
      pnl_usd_total: 550,
      holding_amount: 150,
      holding_usd: 750,
      max_balance_held: 200,
      netflow_amount: 150,
      netflow_amount_usd: 200,
      roi_percent_realised: 100,
      roi_percent_unrealised: 150,
      roi_percent_total: (550 / 400) * 100,
      nof_trades: 3,
    });
    // The fund's 1000 bought for $4900 are worth $5000 now; the vault is an unlabelled trader.
    expect(answer.rows[1]).toMatchObject({ pnl_usd_realised: 0, pnl_usd_unrealised: 100, roi_percent_realised: null });
    expect(answer.rows[2]).toMatchObject({ trader_address_label: null, pnl_usd_total: 1, holding_amount: 10 });
    // Retail sold tokens the range never saw it buy: their cost is unknown, so nothing is realised.
    expect(answer.rows[3]).toMatchObject({ pnl_usd_total: 0, roi_percent_realised: null, holding_amount: 500 });

    // date_from counts from its first instant: from the 21st the first $100 buy is outside, so the sale realises
    // $200 against 50 of the 100 bought for $300.
    const later = await call('intel_pnl_leaderboard', { ...range, date_from: '2026-11-21', date_to: '2026-11-22' });
    expect(later.rows).toEqual([expect.objectContaining({ trader_address: SMART, pnl_usd_realised: 200 - 150 })]);

    // Sold 20 having bought 10 (for $10) in the range: half the $60 is measured against that cost, the rest is
    // unknown cost and realises nothing.
    const oversold = await call('intel_pnl_leaderboard', {
      ...range,
      token_address: TOKB.address,
      date_to: '2026-11-26',
    });
    expect(oversold.rows).toEqual([
      expect.objectContaining({
        trader_address: MAKER,
        pnl_usd_realised: 30 - 10,
        pnl_usd_unrealised: 0,
        roi_percent_realised: 200,
        max_balance_held: 10,
        netflow_amount: -10,
      }),
    ]);
  });

  it('intel_who_bought_sold: smart money by default, everyone (the vault unlabelled) with all_traders', async () => {
    const body = { chain: 'base', token_address: TOKA.address, date_from: '2026-11-20', date_to: '2026-11-26' };
    const smart = await call('intel_who_bought_sold', body);
    expect(smart).toMatchObject({ label_type: 'smart_money', token_address: TOKA.address });
    expect(smart.rows.map((row) => [row.address, row.address_label])).toEqual([
      [FUND, 'Fund'],
      [SMART, 'Smart Trader'],
    ]);
    expect(smart.rows[1]).toEqual({
      address: SMART,
      address_label: 'Smart Trader',
      bought_token_volume: 200,
      sold_token_volume: 50,
      token_trade_volume: 250,
      net_token_volume: 150,
      bought_volume_usd: 400,
      sold_volume_usd: 200,
      trade_volume_usd: 600,
      net_volume_usd: 200,
    });

    const everyone = await call('intel_who_bought_sold', { ...body, label_type: 'all_traders' });
    expect(everyone.rows.map((row) => [row.address, row.address_label, row.net_token_volume])).toEqual([
      [FUND, 'Fund', 1000],
      [SMART, 'Smart Trader', 150],
      [VAULT, null, 10],
      [RETAIL, 'Retail', -20],
    ]);
  });

  it('the date range is inclusive: date_to counts to its last instant, date_from from its first', async () => {
    const body = { chain: 'base', token_address: TOKA.address, label_type: 'all_traders' };
    const lastDay = await call('intel_who_bought_sold', { ...body, date_from: '2026-11-26', date_to: '2026-11-26' });
    expect(lastDay.rows.map((row) => row.address)).toEqual([FUND, VAULT, RETAIL]);
    const middle = await call('intel_who_bought_sold', { ...body, date_from: '2026-11-21', date_to: '2026-11-25' });
    expect(middle.rows).toEqual([expect.objectContaining({ address: SMART, bought_token_volume: 100 })]);
    const before = await call('intel_who_bought_sold', { ...body, date_from: '2026-11-10', date_to: '2026-11-19' });
    expect(before.rows).toEqual([]);
  });

  it('intel_wallet_profiler: the wallet swaps in the range, newest first, in the transactions row shape', async () => {
    const body = { chain: 'base', wallet_address: VAULT, date_from: '2026-11-26', date_to: '2026-11-26' };
    const vault = await call('intel_wallet_profiler', body);
    expect(vault.rows).toEqual([
      {
        chain: 'base',
        method: 'swap',
        tokens_sent: [{ token_address: USDC.address, token_symbol: 'USDC', token_amount: 49, value_usd: 49 }],
        // Received at TOKA's price then ($4.90 since midnight), not now.
        tokens_received: [{ token_address: TOKA.address, token_symbol: 'TOKA', token_amount: 10, value_usd: 49 }],
        volume_usd: 49,
        block_timestamp: '2026-11-26T09:00:00',
        transaction_hash: TRADES.vaultBuy.transactionHash,
        source_type: 'dex',
      },
    ]);
    const smart = await call('intel_wallet_profiler', {
      ...body,
      wallet_address: SMART,
      date_from: '2026-11-01',
      date_to: '2026-11-21',
    });
    expect(smart.rows.map((row) => row.transaction_hash)).toEqual(
      [TRADES.smartBuy2, TRADES.smartBuy1, TRADES.smartEth].map((trade) => trade.transactionHash),
    );
  });

  it('intel_token_screener: per token of the asked chains, trading over the timeframe; smart_money_only', async () => {
    const answer = await call('intel_token_screener', { chains: ['base'] });
    expect(answer).toMatchObject({ chains: ['base'], timeframe: '24h', smart_money_only: false, isLastPage: true });
    const rows = byAddress(answer.rows, 'token_address');
    // Last 24h: retail sold 20 TOKA ($98), the vault bought 10 ($49), the fund bought 1000 ($4900).
    expect(rows.get(TOKA.address)).toEqual({
      chain: 'base',
      token_address: TOKA.address,
      token_symbol: 'TOKA',
      token_age_days: null,
      market_cap_usd: 5_000_000,
      liquidity: 200_000,
      price_usd: 5,
      price_change: 5 / 4 - 1,
      fdv: 5_000_000,
      buy_volume: 4949,
      sell_volume: 98,
      volume: 5047,
      netflow: 4851,
      inflow_fdv_ratio: 4949 / 5_000_000,
      outflow_fdv_ratio: 98 / 5_000_000,
      nof_traders: 3,
      nof_buyers: 2,
      nof_sellers: 1,
      nof_buys: 2,
      nof_sells: 1,
    });
    expect(rows.get(ETH.address)).toMatchObject({ volume: 0, price_change: 0, fdv: null, inflow_fdv_ratio: null });
    expect(answer.rows).toHaveLength(4);

    const smart = await call('intel_token_screener', { chains: ['base'], smart_money_only: true, timeframe: '1h' });
    expect(smart.rows.map((row) => [row.token_symbol, row.buy_volume, row.sell_volume, row.nof_traders])).toEqual(
      expect.arrayContaining([
        ['TOKA', 4900, 0, 1],
        ['USDC', 0, 4900, 1],
      ]),
    );
    expect(smart.rows).toHaveLength(2);
  });

  it('a chain the sandbox does not run answers no rows and a note naming the simulated chains', async () => {
    const notRun = /does not run ethereum; it simulates base, solana only/;
    for (const name of ['intel_smart_money_holdings', 'intel_smart_money_flows', 'intel_smart_money_trades'] as const) {
      const answer = await call(name, { chain: 'ethereum' });
      expect(answer, name).toMatchObject({ chain: 'ethereum', rows: [], page: 1, isLastPage: true });
      expect(answer.note, name).toMatch(notRun);
    }
    const dated = { chain: 'arbitrum', date_from: '2026-11-01', date_to: '2026-11-26' };
    const arbitrumNote = /does not run arbitrum; it simulates base, solana only/;
    for (const [name, body] of [
      ['intel_pnl_leaderboard', { ...dated, token_address: TOKA.address }],
      ['intel_who_bought_sold', { ...dated, token_address: TOKA.address }],
      ['intel_wallet_profiler', { ...dated, wallet_address: SMART }],
    ] as const) {
      const answer = await call(name, body);
      expect(answer.rows, name).toEqual([]);
      expect(answer.note, name).toMatch(arbitrumNote);
    }
    const defi = await call('intel_defi_portfolio', { chain: 'tron', wallet_address: SMART });
    expect(defi).toMatchObject({ summary: null, protocols: [] });
    expect(defi.note).toMatch(/does not run tron/);

    // The screener answers the chains it runs and names the ones it does not.
    const screened = await call('intel_token_screener', { chains: ['arbitrum', 'solana'] });
    expect(screened.rows.map((row) => [row.chain, row.token_symbol])).toEqual([['solana', 'WSOL']]);
    expect(screened.note).toMatch(/does not run arbitrum; it simulates base, solana only/);
  });

  it('intel_perp_positions and intel_defi_portfolio: no perp exchange, no DeFi positions in the sandbox, said so', async () => {
    const perps = await call('intel_perp_positions', { token_symbol: 'BTC', label_type: 'all_traders' });
    expect(perps).toMatchObject({ token_symbol: 'BTC', label_type: 'all_traders', rows: [], isLastPage: true });
    expect(perps.note).toMatch(/no perpetuals exchange/);
    const defi = await call('intel_defi_portfolio', { chain: 'base', wallet_address: FUND });
    expect(defi).toMatchObject({
      chain: 'base',
      wallet_address: FUND,
      protocols: [],
      summary: { total_value_usd: 0, total_assets_usd: 0, total_debts_usd: 0, protocol_count: 0 },
    });
    expect(defi.note).toMatch(/no LP shares/);
  });

  it('settles after the answer (nothing paid upstream); a refused call is never charged', async () => {
    const events: string[] = [];
    await call('intel_smart_money_trades', { chain: 'base' }, events);
    await expect(
      call('intel_who_bought_sold', {
        chain: 'base',
        token_address: address(0xdead),
        date_from: '2026-11-01',
        date_to: '2026-11-26',
      }),
    ).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(call('intel_token_screener', { chains: ['base'], timeframe: '2h' }, events)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'timeframe', rule: 'enum' }],
    });
    expect(events).toEqual([]);
  });

  it('a sandbox started without chains has no market: 503 naming the Nansen setting, uncharged', async () => {
    const events: string[] = [];
    const context = sandboxContext(events, null);
    const tool = findTool('intel_smart_money_flows')!;
    const handler = handlers.intel_smart_money_flows as Handler<ToolName>;
    await expect(handler(parseInput(tool.input, { chain: 'base' }, tool.name) as never, context)).rejects.toMatchObject(
      { code: 'not_configured', status: 503, extra: { setting: 'NANSEN_API_KEY' } },
    );
    expect(events).toEqual([]);
  });
});
