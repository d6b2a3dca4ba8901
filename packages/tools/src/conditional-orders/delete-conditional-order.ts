import { ServiceError } from '@svc/contracts';
import { moveOrder, moveOrdersOfPosition, orderOf, positionsOf, settlePosition } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { requireWatchedNetwork } from './live/order-networks.js';
import { accountActor } from './owned-position.js';
import { orderView } from './position-view.js';
import { notPending, stateConflict } from './state-conflict.js';

const orderNotFound = (orderId: string) =>
  new ServiceError('not_found', `No conditional order "${orderId}" for this account.`, { extra: { orderId } });

/**
 * Acts only on PENDING orders. executeEarly false cancels the order for good (a cancelled entry takes its waiting
 * exits with it); true claims it exactly as a worker would and executes it now at the market price, answering with
 * the outcome. Output: `{ orderId, action: 'cancelled' | 'executed' | 'failed', order, positionStatus }`.
 */
export const deleteConditionalOrder: Handler<'deleteConditionalOrder'> = async (
  { orderId, network, executeEarly },
  context,
) => {
  const { accountId } = callerOf(context);
  const actor = accountActor(accountId);
  const order = await orderOf(context.db, accountId, orderId);
  if (!order) throw orderNotFound(orderId);
  if (network && network !== order.network) {
    const message = `order ${orderId} is on ${order.network}, not ${network}; omit network to have it detected`;
    throw new ServiceError('invalid_input', message, { issues: [{ field: 'network', rule: 'custom', message }] });
  }
  if (order.status !== 'PENDING') throw notPending(order);
  let result;
  if (executeEarly) {
    // Live: an order left on a network that is no longer watched names the settings it misses.
    requireWatchedNetwork(context.orderNetworks, order.network);
    const engine = context.orderEngine;
    if (!engine?.executes(order.network)) {
      throw new ServiceError(
        'not_configured',
        `No swap executor is configured for ${order.network}, so the order cannot be executed early; it stays PENDING.`,
        { extra: { setting: 'swap executor', network: order.network } },
      );
    }
    const claimed = await engine.claim(orderId, null, actor);
    if (!claimed) throw stateConflict(`Order ${orderId} was just claimed or changed by someone else.`, { orderId });
    result = await engine.execute(claimed);
  } else {
    result = await moveOrder(context.db, orderId, ['PENDING'], 'CANCELLED', actor, 'cancelled');
    if (!result) throw stateConflict(`Order ${orderId} was just claimed or changed by someone else.`, { orderId });
    if (order.role === 'ENTRY')
      await moveOrdersOfPosition(context.db, order.positionId, ['WAITING'], 'CANCELLED', actor, 'cancelled', {
        detail: 'entry cancelled',
      });
    await settlePosition(context.db, order.positionId, actor);
  }
  const [position] = await positionsOf(context.db, accountId, { positionId: order.positionId });
  const action = result.status === 'CANCELLED' ? 'cancelled' : result.status === 'EXECUTED' ? 'executed' : 'failed';
  return { orderId, action, order: orderView(result), positionStatus: position?.status };
};
