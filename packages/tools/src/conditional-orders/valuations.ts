import { evmChainByKey } from '@svc/chains';
import { ServiceError, type ToolByName, type ToolInput } from '@svc/contracts';
import { type OrderNetwork, orderOf } from '@svc/store';
import { callerOf, type HandlerContext } from '../handler.js';
import { solanaChainOf } from '../solana/solana-chain.js';
import { type MovedValue, NOTHING_MOVED, unpriced, valueOfQuantity } from '../valuation.js';
import type { PriceFeed } from './engine/price-feed.js';
import { evmVenuePriceFeed } from './live/evm-venue-price-feed.js';
import { solanaMarketPriceFeed } from './live/solana-market-price-feed.js';
import { tokenKey } from './tokens.js';

/** The network's prices as the order executors would swap at: the Solana tools' market, an EVM chain's swap venue. */
function feedOf(context: HandlerContext, network: OrderNetwork): PriceFeed {
  if (network === 'solana') return solanaMarketPriceFeed(solanaChainOf(context));
  const chain = evmChainByKey(network);
  if (!context.evmNetworks || !chain) {
    const setting = chain?.rpcSetting ?? network;
    throw new ServiceError('not_configured', `${network} is not configured: set ${setting}`, { extra: { setting } });
  }
  return evmVenuePriceFeed(context.evmNetworks);
}

/** `quantity` whole units of an order token (ETH_NATIVE / SOL_NATIVE for the native coin) in USD. */
async function orderTokenValue(
  context: HandlerContext,
  network: OrderNetwork,
  token: string,
  quantity: string | number,
): Promise<MovedValue> {
  const what = `${token} on ${network}`;
  try {
    const [tick] = await feedOf(context, network).prices([{ network, token: tokenKey(network, token) }]);
    return valueOfQuantity(quantity, tick?.priceUsd, what);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'not_configured') throw error;
    return unpriced(`no USD price for ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type EntryInput = ToolInput<ToolByName<'createBaseConditionalEntry'>>;
type ExitInput = ToolInput<ToolByName<'createBaseConditionalExit'>>;

/**
 * An entry commits the vault to spend its funding: fundingQuantity of fundingToken, or what targetQuantity of the
 * target is worth (the funding that buys it), at today's price.
 */
export const entryValue = (network: OrderNetwork) => (input: EntryInput, context: HandlerContext) =>
  input.fundingQuantity !== undefined
    ? orderTokenValue(context, network, input.fundingToken, input.fundingQuantity)
    : orderTokenValue(context, network, input.targetToken, input.targetQuantity ?? 0);

/** An exit commits the vault to sell sellQuantity of assetToSell. */
export const exitValue = (network: OrderNetwork) => (input: ExitInput, context: HandlerContext) =>
  orderTokenValue(context, network, input.assetToSell, input.sellQuantity);

/** Executing an order early swaps what it sells now; cancelling it moves nothing. */
export async function deleteOrderValue(
  input: ToolInput<ToolByName<'deleteConditionalOrder'>>,
  context: HandlerContext,
): Promise<MovedValue> {
  if (!input.executeEarly) return NOTHING_MOVED;
  const order = await orderOf(context.db, callerOf(context).accountId, input.orderId);
  // No such order: the tool answers it (404), and nothing moves.
  if (!order) return NOTHING_MOVED;
  if (order.sellQuantity !== null) return orderTokenValue(context, order.network, order.sellToken, order.sellQuantity);
  if (order.buyQuantity !== null) return orderTokenValue(context, order.network, order.buyToken, order.buyQuantity);
  return NOTHING_MOVED;
}
