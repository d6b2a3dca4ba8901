// mktdataTradeData in sandbox: one token's price, 24-hour swaps and holders from the sandbox market index.
import type { TokenTradeData } from '@svc/providers';
import type { MarketActivity, MarketTrade, TradeLeg } from '../ports/market-activity.js';
import { knownToken, notSimulatedNote, simulatedChain } from './sandbox-chain.js';
import { dayBefore, dayChangePercent, tokenKey } from './sandbox-market-day.js';

const SANDBOX_TRADE_DATA_NOTE =
  'Sandbox: computed from the swaps on the sandbox chain: priceUsd is the spot price of its USDC pool, ' +
  'priceChange24hPercent compares it with the price 24 hours ago, the 24h volumes, counts and unique wallets cover ' +
  'the swaps of the last 24 hours (a buy is a swap that bought the token, a sell one that sold it), holders counts ' +
  'the wallets with a non-zero balance except the pools it has traded in, and lastTradeAt is its last swap.';

const NO_FIGURES = {
  priceUsd: null,
  priceChange24hPercent: null,
  volume24hUsd: null,
  buyVolume24hUsd: null,
  sellVolume24hUsd: null,
  trades24h: null,
  buys24h: null,
  sells24h: null,
  uniqueWallets24h: null,
  holders: null,
  lastTradeAt: null,
} as const;

const volumeUsd = (trades: readonly MarketTrade[]) => trades.reduce((sum, trade) => sum + trade.valueUsd, 0);

/** The trade data of `address` on `chain`: a 404 for a token the sandbox chain has not, nulls on a chain it does not run. */
export async function sandboxTradeData(
  market: MarketActivity,
  chain: string,
  address: string,
): Promise<TokenTradeData & { note: string }> {
  const simulated = simulatedChain(market, chain);
  if (!simulated) return { address, ...NO_FIGURES, note: notSimulatedNote(market, chain) };
  const token = await knownToken(market, simulated, address);
  const now = new Date();
  const trades = await market.trades(simulated, { token: token.address, to: now });
  const since = dayBefore(now).getTime();
  const day = trades.filter((trade) => Date.parse(trade.timestamp) >= since);
  const isToken = (leg: TradeLeg) => tokenKey(leg.address) === tokenKey(token.address);
  const buys = day.filter((trade) => isToken(trade.bought));
  const sells = day.filter((trade) => isToken(trade.sold));
  // The index labels pools and callers' wallets alike null; the pools are the ones its swaps went through.
  const pools = new Set(trades.map((trade) => tokenKey(trade.pool)));
  const holders = await market.holders(simulated, token.address);
  return {
    address: token.address,
    priceUsd: token.priceUsd,
    priceChange24hPercent: await dayChangePercent(market, simulated, token, now),
    volume24hUsd: volumeUsd(day),
    buyVolume24hUsd: volumeUsd(buys),
    sellVolume24hUsd: volumeUsd(sells),
    trades24h: day.length,
    buys24h: buys.length,
    sells24h: sells.length,
    uniqueWallets24h: new Set(day.map((trade) => tokenKey(trade.trader))).size,
    holders: holders.filter((holder) => !pools.has(tokenKey(holder.address))).length,
    lastTradeAt: trades.at(-1)?.timestamp ?? null,
    note: SANDBOX_TRADE_DATA_NOTE,
  };
}
