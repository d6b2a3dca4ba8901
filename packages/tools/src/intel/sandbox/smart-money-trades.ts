// intel_smart_money_trades in sandbox: the smart-money wallets' swaps on the sandbox chain, newest first.
import type { MarketActivity } from '../../ports/market-activity.js';
import {
  firstPage,
  type IntelInput,
  isSmartMoney,
  labelName,
  marketChainOf,
  nansenTimestamp,
  notSimulatedNote,
} from './market-scope.js';

export const TRADES_NOTE =
  'Sandbox: the swaps that the simulated wallets labelled smart money or fund made on the sandbox chain, newest ' +
  "first; trade_value_usd is the sold side at the pools' prices when the swap landed.";

/** Nansen's /smart-money/dex-trades rows. */
export async function sandboxSmartMoneyTrades(input: IntelInput<'intel_smart_money_trades'>, market: MarketActivity) {
  const scope = { chain: input.chain };
  const chain = marketChainOf(market, input.chain);
  if (!chain) return { ...scope, ...firstPage([], input.per_page), note: notSimulatedNote(market, [input.chain]) };
  const newestFirst = (await market.trades(chain)).filter((trade) => isSmartMoney(trade.traderLabel)).reverse();
  const rows = newestFirst.map((trade) => ({
    chain: input.chain,
    block_timestamp: nansenTimestamp(trade.timestamp),
    transaction_hash: trade.transactionHash,
    trader_address: trade.trader,
    trader_address_label: labelName(trade.traderLabel),
    token_bought_address: trade.bought.address,
    token_sold_address: trade.sold.address,
    token_bought_symbol: trade.bought.symbol,
    token_sold_symbol: trade.sold.symbol,
    token_bought_amount: trade.bought.amount,
    token_sold_amount: trade.sold.amount,
    trade_value_usd: trade.valueUsd,
  }));
  return { ...scope, ...firstPage(rows, input.per_page), note: TRADES_NOTE };
}
