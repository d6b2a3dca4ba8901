// intel_smart_money_flows in sandbox: the smart-money wallets' net USD flow per token, from their sandbox swaps.
import type { MarketActivity, MarketTrade, TradeLeg } from '../../ports/market-activity.js';
import {
  DAY_MS,
  firstPage,
  HOUR_MS,
  type IntelInput,
  isSmartMoney,
  marketChainOf,
  notSimulatedNote,
} from './market-scope.js';

export const FLOWS_NOTE =
  'Sandbox: from the swaps of the simulated wallets labelled smart money or fund on the sandbox chain; a swap is an ' +
  'inflow of its USD value into the token bought and an outflow from the token sold. trader_count counts those ' +
  'wallets that swapped the token in the last 30 days.';

/** Nansen's windows, each counted back from now. */
const WINDOWS = [
  ['net_flow_1h_usd', HOUR_MS],
  ['net_flow_24h_usd', DAY_MS],
  ['net_flow_7d_usd', 7 * DAY_MS],
  ['net_flow_30d_usd', 30 * DAY_MS],
] as const;
/** The order of the rows: the 24h window, as Nansen's default. */
const DAY_WINDOW = WINDOWS.findIndex(([field]) => field === 'net_flow_24h_usd');

interface Flow {
  readonly token: string;
  readonly symbol: string;
  /** Net USD flow per window of WINDOWS, in its order. */
  readonly net: number[];
  readonly traders: Set<string>;
}

/** Per token, net USD flow over 1h/24h/7d/30d, largest 24h net inflow first (Nansen's /smart-money/netflow row). */
export async function sandboxSmartMoneyFlows(
  input: IntelInput<'intel_smart_money_flows'>,
  market: MarketActivity,
  now: Date,
) {
  const scope = { chain: input.chain };
  const chain = marketChainOf(market, input.chain);
  if (!chain) return { ...scope, ...firstPage([], input.per_page), note: notSimulatedNote(market, [input.chain]) };
  const trades = await market.trades(chain, { from: new Date(now.getTime() - 30 * DAY_MS), to: now });
  const flows = new Map<string, Flow>();
  const add = (trade: MarketTrade, leg: TradeLeg, sign: 1 | -1) => {
    const key = leg.address.toLowerCase();
    const flow = flows.get(key) ?? {
      token: leg.address,
      symbol: leg.symbol,
      net: WINDOWS.map(() => 0),
      traders: new Set(),
    };
    const age = now.getTime() - Date.parse(trade.timestamp);
    WINDOWS.forEach(([, span], index) => {
      if (age <= span) flow.net[index]! += sign * trade.valueUsd;
    });
    flow.traders.add(trade.trader.toLowerCase());
    flows.set(key, flow);
  };
  for (const trade of trades.filter((each) => isSmartMoney(each.traderLabel))) {
    add(trade, trade.bought, 1);
    add(trade, trade.sold, -1);
  }
  const rows = [...flows.values()]
    .sort((a, b) => b.net[DAY_WINDOW]! - a.net[DAY_WINDOW]!)
    .map((flow) => ({
      token_address: flow.token,
      token_symbol: flow.symbol,
      ...Object.fromEntries(WINDOWS.map(([field], index) => [field, flow.net[index]])),
      chain: input.chain,
      trader_count: flow.traders.size,
    }));
  return { ...scope, ...firstPage(rows, input.per_page), note: FLOWS_NOTE };
}
