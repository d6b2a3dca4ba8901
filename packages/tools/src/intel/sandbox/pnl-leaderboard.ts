// intel_pnl_leaderboard in sandbox: every trader of one token over the date range, by PnL at average cost.
import type { MarketActivity, MarketTrade, WalletLabel } from '../../ports/market-activity.js';
import {
  dayRange,
  firstPage,
  type IntelInput,
  labelName,
  marketChainOf,
  marketTokenOf,
  notSimulatedNote,
  percentOf,
  sideOf,
} from './market-scope.js';

export const PNL_NOTE =
  "Sandbox: from the token's swaps on the sandbox chain in the date range, at average cost: a buy adds its USD value " +
  'to the cost of the position; a sell realises its USD value less the average cost of the tokens sold (tokens sold ' +
  'beyond what the range bought have no known cost and realise nothing); pnl_usd_unrealised values the position ' +
  "left at the current price less its cost. holding_amount is the wallet's balance now; max_balance_held the " +
  'largest position its swaps in the range built. roi_percent_realised is over the cost of the tokens sold, ' +
  'roi_percent_unrealised over the cost of the position left, roi_percent_total over everything bought.';

/** One trader's position in the token, built swap by swap (oldest first). */
class AverageCostBook {
  held = 0;
  /** Cost of the tokens still held: what they were bought for, at the average price. */
  cost = 0;
  realised = 0;
  /** Cost of the tokens sold (what the realised PnL is measured against). */
  soldCost = 0;
  bought = 0;
  sold = 0;
  boughtUsd = 0;
  soldUsd = 0;
  maxHeld = 0;
  trades = 0;

  buy(amount: number, usd: number): void {
    this.held += amount;
    this.cost += usd;
    this.bought += amount;
    this.boughtUsd += usd;
    this.#count();
  }

  sell(amount: number, usd: number): void {
    const matched = Math.min(amount, this.held);
    if (matched > 0) {
      const matchedCost = (this.cost / this.held) * matched;
      this.realised += usd * (matched / amount) - matchedCost;
      this.soldCost += matchedCost;
      this.cost -= matchedCost;
      this.held -= matched;
    }
    this.sold += amount;
    this.soldUsd += usd;
    this.#count();
  }

  #count(): void {
    this.maxHeld = Math.max(this.maxHeld, this.held);
    this.trades += 1;
  }
}

/** Nansen's /tgm/pnl-leaderboard rows, largest total PnL first. */
export async function sandboxPnlLeaderboard(input: IntelInput<'intel_pnl_leaderboard'>, market: MarketActivity) {
  const scope = {
    chain: input.chain,
    token_address: input.token_address,
    date_from: input.date_from,
    date_to: input.date_to,
  };
  const chain = marketChainOf(market, input.chain);
  if (!chain) return { ...scope, ...firstPage([], input.per_page), note: notSimulatedNote(market, [input.chain]) };
  const token = await marketTokenOf(market, chain, input.chain, input.token_address);
  const range = dayRange(input.date_from, input.date_to);
  const [trades, holders] = await Promise.all([
    market.trades(chain, { ...range, token: token.address }),
    market.holders(chain, token.address),
  ]);
  const books = booksOf(trades, token.address);
  const balanceOf = new Map(holders.map((holder) => [holder.address.toLowerCase(), holder.balance]));
  const rows = [...books.values()]
    .map(({ trader, label, book }) => {
      const unrealised = book.held * token.priceUsd - book.cost;
      const total = book.realised + unrealised;
      const holding = balanceOf.get(trader.toLowerCase()) ?? 0;
      return {
        trader_address: trader,
        trader_address_label: labelName(label),
        price_usd: token.priceUsd,
        pnl_usd_realised: book.realised,
        pnl_usd_unrealised: unrealised,
        pnl_usd_total: total,
        holding_amount: holding,
        holding_usd: holding * token.priceUsd,
        max_balance_held: book.maxHeld,
        netflow_amount: book.bought - book.sold,
        netflow_amount_usd: book.boughtUsd - book.soldUsd,
        roi_percent_realised: percentOf(book.realised, book.soldCost),
        roi_percent_unrealised: percentOf(unrealised, book.cost),
        roi_percent_total: percentOf(total, book.boughtUsd),
        nof_trades: book.trades,
      };
    })
    .sort((a, b) => b.pnl_usd_total - a.pnl_usd_total);
  return { ...scope, ...firstPage(rows, input.per_page), note: PNL_NOTE };
}

/** Each trader's book over the trades (oldest first), keyed by address in lower case. */
function booksOf(trades: readonly MarketTrade[], token: string) {
  const books = new Map<string, { trader: string; label: WalletLabel | null; book: AverageCostBook }>();
  for (const trade of trades) {
    const side = sideOf(trade, token);
    if (!side) continue;
    const key = trade.trader.toLowerCase();
    const entry = books.get(key) ?? { trader: trade.trader, label: trade.traderLabel, book: new AverageCostBook() };
    if (side.side === 'buy') entry.book.buy(side.amount, trade.valueUsd);
    else entry.book.sell(side.amount, trade.valueUsd);
    books.set(key, entry);
  }
  return books;
}
