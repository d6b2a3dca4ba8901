import type { Handler } from '../handler.js';
import { perpExchangeOf, perpUser } from './perp-source.js';

/** Output: `{ user, ...clearinghouseState }`: margin summary, positions (size, entry, PnL, leverage, liquidation). */
export const perpdexPerpAccount: Handler<'perpdexPerpAccount'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexPerpAccount');
  const user = await perpUser(context, exchange, input.user);
  return { user, ...(await exchange.clearinghouseState(user)) };
};

/** Output: `{ user, summary: {delegated, undelegated, totalPendingWithdrawal, nPendingWithdrawals}, delegations }` (HYPE). */
export const perpdexStaking: Handler<'perpdexStaking'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexStaking');
  const user = await perpUser(context, exchange, input.user);
  const [summary, delegations] = await Promise.all([exchange.delegatorSummary(user), exchange.delegations(user)]);
  return { user, summary, delegations };
};

/** Output: `{ user, vaults: [{vaultAddress, equity, lockedUntilTimestamp}], totalEquityUsd }`. */
export const perpdexVaults: Handler<'perpdexVaults'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexVaults');
  const user = await perpUser(context, exchange, input.user);
  const vaults = await exchange.userVaultEquities(user);
  return { user, vaults, totalEquityUsd: sum(vaults.map((vault) => vault.equity)) };
};

/**
 * Output: `{ user, portfolio: { day, week, month, allTime, perpDay, perpWeek, perpMonth, perpAllTime } }`, each
 * `{ accountValueHistory: [[ms, usd]], pnlHistory: [[ms, usd]], vlm }`.
 */
export const perpdexPortfolio: Handler<'perpdexPortfolio'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexPortfolio');
  const user = await perpUser(context, exchange, input.user);
  return { user, portfolio: Object.fromEntries(await exchange.portfolio(user)) };
};

/** Output: `{ user, orders }`: resting orders, newest first, as the exchange's frontendOpenOrders gives them. */
export const perpdexOpenOrders: Handler<'perpdexOpenOrders'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexOpenOrders');
  const user = await perpUser(context, exchange, input.user);
  return { user, orders: await exchange.frontendOpenOrders(user) };
};

/** Output: `{ user, orders: [{order, status, statusTimestamp}] }`: the `limit` latest by status time, newest first. */
export const perpdexOrderHistory: Handler<'perpdexOrderHistory'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexOrderHistory');
  const user = await perpUser(context, exchange, input.user);
  const orders = [...(await exchange.historicalOrders(user))].sort((a, b) => b.statusTimestamp - a.statusTimestamp);
  return { user, orders: orders.slice(0, input.limit) };
};

/** Output: `{ user, fills }`: the `limit` latest fills, newest first (px, sz, side, dir, closedPnl, fee, hash, …). */
export const perpdexFills: Handler<'perpdexFills'> = async (input, context) => {
  const exchange = perpExchangeOf(context, 'perpdexFills');
  const user = await perpUser(context, exchange, input.user);
  const fills = [...(await exchange.userFills(user))].sort((a, b) => b.time - a.time);
  return { user, fills: fills.slice(0, input.limit) };
};

/** The sum of decimal strings, as a number. */
export const sum = (values: readonly string[]): number => values.reduce((total, value) => total + Number(value), 0);
