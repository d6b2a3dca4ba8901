// On-chain analytics (Nansen) tools: live only until the sandbox market exists (see live-only.ts).
import type { NansenClient, NansenPage } from '@svc/providers';
import { defineFamily } from '../family.js';
import { type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { liveClient } from '../live-only.js';

const SANDBOX_INDEXER = 'the sandbox market indexer (labelled simulated wallets and their trades)';

/** The client, then the payment: the 503/501 comes first, so a refused call is never charged. */
async function paidNansen(tool: string, context: HandlerContext): Promise<NansenClient> {
  const client = liveClient(context.providers.nansen, tool, SANDBOX_INDEXER);
  await context.commit?.();
  return client;
}

/** Every intel answer: the request's scope, then Nansen's rows (fields as Nansen documents them per endpoint). */
const pageOutput = (scope: Record<string, unknown>, page: NansenPage) => ({
  ...scope,
  rows: page.rows,
  page: page.page,
  isLastPage: page.isLastPage,
});

const intel_smart_money_holdings: Handler<'intel_smart_money_holdings'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_smart_money_holdings', context);
  return pageOutput({ chain: input.chain }, await nansen.smartMoneyHoldings(input.chain, input.per_page));
});

const intel_smart_money_flows: Handler<'intel_smart_money_flows'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_smart_money_flows', context);
  return pageOutput({ chain: input.chain }, await nansen.smartMoneyNetflow(input.chain, input.per_page));
});

const intel_smart_money_trades: Handler<'intel_smart_money_trades'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_smart_money_trades', context);
  return pageOutput({ chain: input.chain }, await nansen.smartMoneyDexTrades(input.chain, input.per_page));
});

const intel_pnl_leaderboard: Handler<'intel_pnl_leaderboard'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_pnl_leaderboard', context);
  const date = { from: input.date_from, to: input.date_to };
  return pageOutput(
    { chain: input.chain, token_address: input.token_address, date_from: date.from, date_to: date.to },
    await nansen.pnlLeaderboard(input.chain, input.token_address, date, input.per_page),
  );
});

const intel_who_bought_sold: Handler<'intel_who_bought_sold'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_who_bought_sold', context);
  const date = { from: input.date_from, to: input.date_to };
  return pageOutput(
    { chain: input.chain, token_address: input.token_address, label_type: input.label_type },
    await nansen.whoBoughtSold(input.chain, input.token_address, date, input.label_type, input.per_page),
  );
});

const intel_wallet_profiler: Handler<'intel_wallet_profiler'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_wallet_profiler', context);
  const date = { from: input.date_from, to: input.date_to };
  return pageOutput(
    { chain: input.chain, wallet_address: input.wallet_address, date_from: date.from, date_to: date.to },
    await nansen.walletTransactions(input.chain, input.wallet_address, date, input.per_page),
  );
});

const intel_perp_positions: Handler<'intel_perp_positions'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_perp_positions', context);
  return pageOutput(
    { token_symbol: input.token_symbol, label_type: input.label_type },
    await nansen.perpPositions(input.token_symbol, input.label_type, input.per_page),
  );
});

/** Nansen answers the whole multi-chain portfolio: the protocols on the asked chain are kept, at most per_page. */
const intel_defi_portfolio: Handler<'intel_defi_portfolio'> = withCommitPoint(async (input, context) => {
  const nansen = await paidNansen('intel_defi_portfolio', context);
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
  const nansen = await paidNansen('intel_token_screener', context);
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
