import { ServiceError, type ToolByName, type ToolInput } from '@svc/contracts';
import { createPosition, type NewOrder, type OrderNetwork } from '@svc/store';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { requireWatchedNetwork } from './live/order-networks.js';
import { accountActor } from './owned-position.js';
import { positionView } from './position-view.js';
import { tokenKey } from './tokens.js';

type EntryTool =
  | 'createSolanaConditionalEntry'
  | 'createEthereumConditionalEntry'
  | 'createBscConditionalEntry'
  | 'createPolygonConditionalEntry'
  | 'createBaseConditionalEntry';
type EntryInput = ToolInput<ToolByName<'createBaseConditionalEntry'>>;

/** Said by every create tool: success means the order is placed, not filled (spec rule 3). */
export const PLACED_NOT_FILLED =
  'The order is placed, not filled: the trigger engine executes it (MARKET at once, others when the price crosses); follow it with findPositionById.';

export function sameTokenRefused(field: string, other: string): ServiceError {
  const message = `${field} must differ from ${other}: a swap needs two different tokens`;
  return new ServiceError('invalid_input', message, { issues: [{ field, rule: 'custom', message }] });
}

/**
 * The entry's stop-loss (STOP_MARKET: sells on the cross) or take-profit (LIMIT: sells at its trigger or better).
 * They sell what the entry bought, so they WAIT until the entry fills and are then armed with its filled quantity.
 */
export function entryExit(
  role: 'STOP_LOSS' | 'TAKE_PROFIT',
  asset: string,
  quote: string,
  priceUsd: string,
  direction: 'ABOVE' | 'BELOW',
  status: 'PENDING' | 'WAITING',
  sellQuantity: string | null,
): NewOrder {
  return {
    role,
    orderType: role === 'STOP_LOSS' ? 'STOP_MARKET' : 'LIMIT',
    watchToken: asset,
    triggerPrice: priceUsd,
    direction,
    sellToken: asset,
    buyToken: quote,
    sellQuantity,
    buyQuantity: null,
    status,
  };
}

async function createEntry(network: OrderNetwork, input: EntryInput, context: HandlerContext) {
  const { accountId } = callerOf(context);
  const target = tokenKey(network, input.targetToken);
  const funding = tokenKey(network, input.fundingToken);
  if (target === funding) throw sameTokenRefused('targetToken', 'fundingToken');
  requireWatchedNetwork(context.orderNetworks, network);
  const orders: NewOrder[] = [
    {
      role: 'ENTRY',
      orderType: input.entryType,
      watchToken: target,
      triggerPrice: input.entryPriceUsd ?? null,
      direction: input.entryDirection ?? null,
      sellToken: funding,
      buyToken: target,
      sellQuantity: input.fundingQuantity === undefined ? null : String(input.fundingQuantity),
      buyQuantity: input.targetQuantity === undefined ? null : String(input.targetQuantity),
      status: 'PENDING',
    },
  ];
  if (input.stopLossPriceUsd != null && input.stopLossDirection != null)
    orders.push(
      entryExit('STOP_LOSS', target, funding, input.stopLossPriceUsd, input.stopLossDirection, 'WAITING', null),
    );
  if (input.takeProfitPriceUsd != null && input.takeProfitDirection != null)
    orders.push(
      entryExit('TAKE_PROFIT', target, funding, input.takeProfitPriceUsd, input.takeProfitDirection, 'WAITING', null),
    );
  await context.commit?.();
  const position = await createPosition(context.db, {
    accountId,
    network,
    kind: 'ENTRY',
    asset: target,
    quoteToken: funding,
    orders,
    actor: accountActor(accountId),
  });
  return { placed: true, note: PLACED_NOT_FILLED, position: positionView(position) };
}

/**
 * createXConditionalEntry for one network: one call creates the position with its entry and all its TP/SL. Its
 * payment settles once the input is checked and the network is known to be watched (its commit point), so a refused
 * call is not charged.
 */
export const conditionalEntry = <N extends EntryTool>(network: OrderNetwork): Handler<N> =>
  withCommitPoint((input: EntryInput, context: HandlerContext) =>
    createEntry(network, input, context),
  ) as unknown as Handler<N>;
