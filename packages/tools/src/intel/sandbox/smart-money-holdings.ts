// intel_smart_money_holdings in sandbox: what the smart-money wallets of the sandbox market hold on one chain.
import type { MarketActivity } from '../../ports/market-activity.js';
import {
  DAY_MS,
  firstPage,
  type IntelInput,
  isSmartMoney,
  marketChainOf,
  notSimulatedNote,
  percentOf,
  sideOf,
  sum,
} from './market-scope.js';

export const HOLDINGS_NOTE =
  'Sandbox: the balances of the simulated wallets labelled smart money or fund on the sandbox chain, valued at the ' +
  "pools' spot price; balance_24h_percent_change from their swaps of the last 24 hours; market_cap_usd is price x " +
  'supply (null for the native coin); token_sectors and token_age_days are unknown to the sandbox (null).';

/**
 * Per token, the smart-money wallets' balance, largest USD value first (Nansen's /smart-money/holdings row). The
 * 24h change is the balance against what it was before their last 24 hours of swaps (transfers are not trades).
 */
export async function sandboxSmartMoneyHoldings(
  input: IntelInput<'intel_smart_money_holdings'>,
  market: MarketActivity,
  now: Date,
) {
  const scope = { chain: input.chain };
  const chain = marketChainOf(market, input.chain);
  if (!chain) return { ...scope, ...firstPage([], input.per_page), note: notSimulatedNote(market, [input.chain]) };
  const [tokens, trades] = await Promise.all([
    market.tokens(chain),
    market.trades(chain, { from: new Date(now.getTime() - DAY_MS), to: now }),
  ]);
  const smartTrades = trades.filter((trade) => isSmartMoney(trade.traderLabel));
  const held = await Promise.all(
    tokens.map(async (token) => {
      const holders = (await market.holders(chain, token.address)).filter((holder) => isSmartMoney(holder.label));
      const balance = sum(holders.map((holder) => holder.balance));
      const net24h = sum(
        smartTrades.map((trade) => {
          const side = sideOf(trade, token.address);
          return side === undefined ? 0 : side.side === 'buy' ? side.amount : -side.amount;
        }),
      );
      return { token, holders: holders.length, balance, before: balance - net24h };
    }),
  );
  const positions = held.filter((position) => position.holders > 0);
  const totalUsd = sum(positions.map(({ token, balance }) => balance * token.priceUsd));
  const rows = positions
    .map(({ token, holders, balance, before }) => {
      const valueUsd = balance * token.priceUsd;
      return {
        chain: input.chain,
        token_address: token.address,
        token_symbol: token.symbol,
        token_sectors: null,
        value_usd: valueUsd,
        balance_24h_percent_change: before > 0 ? percentOf(balance - before, before) : null,
        holders_count: holders,
        share_of_holdings_percent: percentOf(valueUsd, totalUsd),
        token_age_days: null,
        market_cap_usd: token.supply === null ? null : token.supply * token.priceUsd,
      };
    })
    .sort((a, b) => b.value_usd - a.value_usd);
  return { ...scope, ...firstPage(rows, input.per_page), note: HOLDINGS_NOTE };
}
