import type { StoredOrder } from '@svc/store';
import type { SwapRequest } from './swap-executor.js';

/** Decimal places the engine writes quantities with (rounded down; executors truncate further to a token's decimals). */
const QUANTITY_PLACES = 9;

/** A positive quantity as a plain decimal string, rounded down. */
function quantityText(quantity: number): string {
  const scaled = Math.floor(quantity * 10 ** QUANTITY_PLACES);
  const digits = BigInt(scaled)
    .toString()
    .padStart(QUANTITY_PLACES + 1, '0');
  const whole = digits.slice(0, -QUANTITY_PLACES);
  const fraction = digits.slice(-QUANTITY_PLACES).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** USD prices of an order's two tokens when the feed knows them. */
export interface PlanPrices {
  readonly sellUsd: number | undefined;
  readonly buyUsd: number | undefined;
}

/**
 * The exact-input swap an order runs, or the reason it cannot run.
 * - An entry given as targetQuantity (exact output) spends targetQuantity at the current prices plus the account's
 *   swap slippage, and must receive at least targetQuantity.
 * - A LIMIT order fills at its trigger or better: an exit (selling the watched token) must receive at least
 *   sell * trigger / buyUsd, with no slippage allowance (the spec: "LIMIT sells at an ABOVE trigger or better"); an
 *   entry (buying it) at least sell * sellUsd / trigger less the account's slippage. Without a USD price of the other
 *   token the guarantee is left to the swap's own slippage check. It binds orders a price fired (claimed with the
 *   price seen); one claimed without a price (deleteConditionalOrder with executeEarly) runs at the market.
 * - MARKET and STOP_MARKET orders take the market (the executor applies the account's slippage to its quote).
 */
export function planSwap(
  order: StoredOrder,
  prices: PlanPrices,
  slippagePercent: number,
): SwapRequest | { reason: string } {
  const tolerance = 1 - slippagePercent / 100;
  let sell: number;
  let sellText: string;
  let minBuy: number | undefined;
  if (order.sellQuantity !== null) {
    sell = Number(order.sellQuantity);
    sellText = order.sellQuantity;
  } else if (order.buyQuantity !== null) {
    if (prices.sellUsd === undefined || prices.buyUsd === undefined) {
      return {
        reason: `no USD price for ${prices.sellUsd === undefined ? order.sellToken : order.buyToken} on ${order.network}: targetQuantity cannot be converted into a spend`,
      };
    }
    sell = (Number(order.buyQuantity) * prices.buyUsd) / prices.sellUsd / tolerance;
    sellText = quantityText(sell);
    minBuy = Number(order.buyQuantity);
  } else {
    return { reason: 'the order has no quantity (its entry never filled)' };
  }
  if (order.orderType === 'LIMIT' && order.triggerPrice !== null && order.priceSeen !== null) {
    const trigger = Number(order.triggerPrice);
    const buysWatched = order.watchToken === order.buyToken;
    const limitBuy = buysWatched
      ? prices.sellUsd === undefined
        ? undefined
        : (sell * prices.sellUsd) / trigger
      : prices.buyUsd === undefined
        ? undefined
        : (sell * trigger) / prices.buyUsd;
    if (limitBuy !== undefined) minBuy = Math.max(minBuy ?? 0, buysWatched ? limitBuy * tolerance : limitBuy);
  }
  return {
    network: order.network,
    accountId: order.accountId,
    sellToken: order.sellToken,
    buyToken: order.buyToken,
    sellQuantity: sellText,
    minBuyQuantity: minBuy === undefined ? undefined : quantityText(minBuy),
  };
}
