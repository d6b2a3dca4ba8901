// intel_wallet_profiler in sandbox: one wallet's swaps on the sandbox chain over the date range.
import type { MarketActivity, MarketChain, MarketTrade } from '../../ports/market-activity.js';
import {
  dayRange,
  firstPage,
  type IntelInput,
  marketChainOf,
  nansenTimestamp,
  notSimulatedNote,
} from './market-scope.js';

export const PROFILER_NOTE =
  "Sandbox: the wallet's swaps on the sandbox chain in the date range, newest first (the sandbox market indexes " +
  "swaps, not plain transfers). The sent side's value_usd and volume_usd are the swap's value at the pools' prices " +
  "when it landed; the received side is valued at the bought token's price then (null when the market has none).";

/** Nansen's /profiler/address/transactions rows. */
export async function sandboxWalletProfiler(input: IntelInput<'intel_wallet_profiler'>, market: MarketActivity) {
  const scope = {
    chain: input.chain,
    wallet_address: input.wallet_address,
    date_from: input.date_from,
    date_to: input.date_to,
  };
  const chain = marketChainOf(market, input.chain);
  if (!chain) return { ...scope, ...firstPage([], input.per_page), note: notSimulatedNote(market, [input.chain]) };
  const trades = await market.trades(chain, {
    ...dayRange(input.date_from, input.date_to),
    trader: input.wallet_address,
  });
  const page = firstPage([...trades].reverse(), input.per_page);
  const rows = await Promise.all(page.rows.map((trade) => transactionRow(market, chain, input.chain, trade)));
  return { ...scope, ...page, rows, note: PROFILER_NOTE };
}

async function transactionRow(market: MarketActivity, chain: MarketChain, asked: string, trade: MarketTrade) {
  const boughtPrice = await market.priceUsdAt(chain, trade.bought.address, new Date(trade.timestamp));
  return {
    chain: asked,
    method: 'swap',
    tokens_sent: [
      {
        token_address: trade.sold.address,
        token_symbol: trade.sold.symbol,
        token_amount: trade.sold.amount,
        value_usd: trade.valueUsd,
      },
    ],
    tokens_received: [
      {
        token_address: trade.bought.address,
        token_symbol: trade.bought.symbol,
        token_amount: trade.bought.amount,
        value_usd: boughtPrice === undefined ? null : boughtPrice * trade.bought.amount,
      },
    ],
    volume_usd: trade.valueUsd,
    block_timestamp: nansenTimestamp(trade.timestamp),
    transaction_hash: trade.transactionHash,
    source_type: 'dex',
  };
}
