// On-chain analytics tools: Nansen v1 live; in sandbox mode, computed from the sandbox market indexer (sandbox/).
import { NANSEN_SETTING, type NansenPage } from '@svc/providers';
import { defineFamily } from '../family.js';
import { type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { sandboxMarketOf } from '../market-activity-of.js';
import { sandboxDefiPortfolio, sandboxPerpPositions } from './sandbox/absent-venues.js';
import { sandboxPnlLeaderboard } from './sandbox/pnl-leaderboard.js';
import { sandboxSmartMoneyFlows } from './sandbox/smart-money-flows.js';
import { sandboxSmartMoneyHoldings } from './sandbox/smart-money-holdings.js';
import { sandboxSmartMoneyTrades } from './sandbox/smart-money-trades.js';
import { sandboxTokenScreener } from './sandbox/token-screener.js';
import { sandboxWalletProfiler } from './sandbox/wallet-profiler.js';
import { sandboxWhoBoughtSold } from './sandbox/who-bought-sold.js';
import { screenerTimeframeMs } from './screener-timeframe.js';

// Live, a handler settles (context.commit) just before it calls Nansen, a paid upstream. In sandbox mode there is no
// upstream to pay: the answer is read from the indexer and the call settles after it succeeds (no commit call), so a
// refused sandbox call (404, 503) is never charged.

/** The sandbox market index, or the 503 naming NANSEN_API_KEY when this sandbox runs without chains. */
const sandboxMarket = (tool: string, context: HandlerContext) => sandboxMarketOf(context, tool, NANSEN_SETTING);

/** Every intel answer: the request's scope, then Nansen's rows (fields as Nansen documents them per endpoint). */
const pageOutput = (scope: Record<string, unknown>, page: NansenPage) => ({
  ...scope,
  rows: page.rows,
  page: page.page,
  isLastPage: page.isLastPage,
});

const intel_smart_money_holdings: Handler<'intel_smart_money_holdings'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  if (!nansen)
    return sandboxSmartMoneyHoldings(input, sandboxMarket('intel_smart_money_holdings', context), new Date());
  await context.commit?.();
  return pageOutput({ chain: input.chain }, await nansen.smartMoneyHoldings(input.chain, input.per_page));
});

const intel_smart_money_flows: Handler<'intel_smart_money_flows'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  if (!nansen) return sandboxSmartMoneyFlows(input, sandboxMarket('intel_smart_money_flows', context), new Date());
  await context.commit?.();
  return pageOutput({ chain: input.chain }, await nansen.smartMoneyNetflow(input.chain, input.per_page));
});

const intel_smart_money_trades: Handler<'intel_smart_money_trades'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  if (!nansen) return sandboxSmartMoneyTrades(input, sandboxMarket('intel_smart_money_trades', context));
  await context.commit?.();
  return pageOutput({ chain: input.chain }, await nansen.smartMoneyDexTrades(input.chain, input.per_page));
});

const intel_pnl_leaderboard: Handler<'intel_pnl_leaderboard'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  if (!nansen) return sandboxPnlLeaderboard(input, sandboxMarket('intel_pnl_leaderboard', context));
  await context.commit?.();
  const date = { from: input.date_from, to: input.date_to };
  return pageOutput(
    { chain: input.chain, token_address: input.token_address, date_from: date.from, date_to: date.to },
    await nansen.pnlLeaderboard(input.chain, input.token_address, date, input.per_page),
  );
});

const intel_who_bought_sold: Handler<'intel_who_bought_sold'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  if (!nansen) return sandboxWhoBoughtSold(input, sandboxMarket('intel_who_bought_sold', context));
  await context.commit?.();
  const date = { from: input.date_from, to: input.date_to };
  return pageOutput(
    { chain: input.chain, token_address: input.token_address, label_type: input.label_type },
    await nansen.whoBoughtSold(input.chain, input.token_address, date, input.label_type, input.per_page),
  );
});

const intel_wallet_profiler: Handler<'intel_wallet_profiler'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  if (!nansen) return sandboxWalletProfiler(input, sandboxMarket('intel_wallet_profiler', context));
  await context.commit?.();
  const date = { from: input.date_from, to: input.date_to };
  return pageOutput(
    { chain: input.chain, wallet_address: input.wallet_address, date_from: date.from, date_to: date.to },
    await nansen.walletTransactions(input.chain, input.wallet_address, date, input.per_page),
  );
});

const intel_perp_positions: Handler<'intel_perp_positions'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  // The sandbox has no perp exchange, with or without its chains.
  if (!nansen) return sandboxPerpPositions(input);
  await context.commit?.();
  return pageOutput(
    { token_symbol: input.token_symbol, label_type: input.label_type },
    await nansen.perpPositions(input.token_symbol, input.label_type, input.per_page),
  );
});

/** Nansen answers the whole multi-chain portfolio: the protocols on the asked chain are kept, at most per_page. */
const intel_defi_portfolio: Handler<'intel_defi_portfolio'> = withCommitPoint(async (input, context) => {
  const nansen = context.providers.nansen;
  if (!nansen) return sandboxDefiPortfolio(input, sandboxMarket('intel_defi_portfolio', context));
  await context.commit?.();
  const portfolio = await nansen.defiHoldings(input.wallet_address);
  const protocols = Array.isArray(portfolio.protocols) ? (portfolio.protocols as Record<string, unknown>[]) : [];
  return {
    chain: input.chain,
    wallet_address: input.wallet_address,
    summary: portfolio.summary ?? null,
    protocols: protocols.filter((p) => p.chain === input.chain).slice(0, Math.floor(input.per_page)),
  };
});

const intel_token_screener: Handler<'intel_token_screener'> = withCommitPoint(async (input, context) => {
  const span = screenerTimeframeMs(input.timeframe);
  const nansen = context.providers.nansen;
  if (!nansen) return sandboxTokenScreener(input, sandboxMarket('intel_token_screener', context), span, new Date());
  await context.commit?.();
  return pageOutput(
    { chains: input.chains, timeframe: input.timeframe, smart_money_only: input.smart_money_only },
    await nansen.tokenScreener(input.chains, input.timeframe, input.smart_money_only, input.per_page),
  );
});

export const intelFamily = defineFamily({
  handlers: {
    intel_smart_money_holdings,
    intel_smart_money_flows,
    intel_smart_money_trades,
    intel_pnl_leaderboard,
    intel_who_bought_sold,
    intel_wallet_profiler,
    intel_perp_positions,
    intel_defi_portfolio,
    intel_token_screener,
  },
});
