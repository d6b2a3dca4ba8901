// intel_token_screener in sandbox: the tokens of the asked simulated chains with their trading over the timeframe.
import type { MarketActivity, MarketChain, MarketToken, MarketTrade } from '../../ports/market-activity.js';
import { firstPage, type IntelInput, isSmartMoney, marketChainOf, notSimulatedNote, sideOf } from './market-scope.js';

export const SCREENER_NOTE =
  'Sandbox: every token of the asked sandbox chains with its swaps over the timeframe, largest volume first. price_usd, ' +
  'liquidity (both reserves of its pools) and price_change (a fraction: 0.04 is +4 %, against its price when the ' +
  'timeframe began) come from the pools; volume, buy_volume and sell_volume are the USD values of the swaps buying ' +
  'or selling it, netflow their difference, nof_* the distinct wallets and swaps; market_cap_usd and fdv are price x ' +
  'total supply (a sandbox token has no locked supply; null for the native coin); token_age_days is unknown (null). ' +
  'smart_money_only counts only the swaps of the wallets labelled smart money or fund and keeps the tokens they swapped.';

/** Nansen's /token-screener rows, across the asked chains. */
export async function sandboxTokenScreener(
  input: IntelInput<'intel_token_screener'>,
  market: MarketActivity,
  span: number,
  now: Date,
) {
  const scope = { chains: input.chains, timeframe: input.timeframe, smart_money_only: input.smart_money_only };
  const asked = [...new Set(input.chains)];
  const absent = asked.filter((name) => !marketChainOf(market, name));
  const from = new Date(now.getTime() - span);
  const perChain = await Promise.all(
    asked.flatMap((name) => {
      const chain = marketChainOf(market, name);
      return chain ? [screenChain(market, chain, name, { from, to: now }, input.smart_money_only)] : [];
    }),
  );
  const rows = perChain.flat().sort((a, b) => b.volume - a.volume);
  const note = absent.length === 0 ? SCREENER_NOTE : `${SCREENER_NOTE} ${notSimulatedNote(market, absent)}`;
  return { ...scope, ...firstPage(rows, input.per_page), note };
}

async function screenChain(
  market: MarketActivity,
  chain: MarketChain,
  asked: string,
  window: { from: Date; to: Date },
  smartMoneyOnly: boolean,
) {
  const [tokens, trades] = await Promise.all([market.tokens(chain), market.trades(chain, window)]);
  const counted = smartMoneyOnly ? trades.filter((trade) => isSmartMoney(trade.traderLabel)) : trades;
  const screened = await Promise.all(
    tokens.map(async (token) => {
      const activity = activityOf(counted, token);
      if (smartMoneyOnly && activity.buys + activity.sells === 0) return undefined;
      const startPrice = await market.priceUsdAt(chain, token.address, window.from);
      return screenRow(asked, token, activity, startPrice);
    }),
  );
  return screened.filter((row) => row !== undefined);
}

interface Activity {
  buyUsd: number;
  sellUsd: number;
  buys: number;
  sells: number;
  readonly buyers: Set<string>;
  readonly sellers: Set<string>;
}

function activityOf(trades: readonly MarketTrade[], token: MarketToken): Activity {
  const activity: Activity = { buyUsd: 0, sellUsd: 0, buys: 0, sells: 0, buyers: new Set(), sellers: new Set() };
  for (const trade of trades) {
    const side = sideOf(trade, token.address);
    if (side?.side === 'buy') {
      activity.buyUsd += trade.valueUsd;
      activity.buys += 1;
      activity.buyers.add(trade.trader.toLowerCase());
    } else if (side?.side === 'sell') {
      activity.sellUsd += trade.valueUsd;
      activity.sells += 1;
      activity.sellers.add(trade.trader.toLowerCase());
    }
  }
  return activity;
}

function screenRow(chain: string, token: MarketToken, activity: Activity, startPrice: number | undefined) {
  const fdv = token.supply === null ? null : token.supply * token.priceUsd;
  return {
    chain,
    token_address: token.address,
    token_symbol: token.symbol,
    token_age_days: null,
    market_cap_usd: fdv,
    liquidity: token.liquidityUsd,
    price_usd: token.priceUsd,
    price_change: startPrice ? token.priceUsd / startPrice - 1 : null,
    fdv,
    buy_volume: activity.buyUsd,
    sell_volume: activity.sellUsd,
    volume: activity.buyUsd + activity.sellUsd,
    netflow: activity.buyUsd - activity.sellUsd,
    inflow_fdv_ratio: fdv ? activity.buyUsd / fdv : null,
    outflow_fdv_ratio: fdv ? activity.sellUsd / fdv : null,
    nof_traders: new Set([...activity.buyers, ...activity.sellers]).size,
    nof_buyers: activity.buyers.size,
    nof_sellers: activity.sellers.size,
    nof_buys: activity.buys,
    nof_sells: activity.sells,
  };
}
