import { ServiceError } from '@svc/contracts';
import type { StoredOrder } from '@svc/store';

/** 409: the position or order is not in a state that allows the change; nothing changed. */
export const stateConflict = (message: string, extra: Record<string, unknown> = {}) =>
  new ServiceError('state_conflict', `${message} Nothing changed.`, { extra });

/** Why an order that is not PENDING cannot be cancelled, executed early or re-priced. */
export function notPending(order: StoredOrder): ServiceError {
  const extra = { orderId: order.orderId, orderStatus: order.status };
  switch (order.status) {
    case 'EXECUTED':
    case 'EXECUTING':
      return stateConflict(`Order ${order.orderId} is ${order.status}: executed orders cannot be modified.`, extra);
    case 'WAITING':
      return stateConflict(
        `Order ${order.orderId} is WAITING for its entry to fill and is not PENDING yet; remove it with updatePosition (price null) or cancelPosition.`,
        extra,
      );
    default:
      return stateConflict(
        `Order ${order.orderId} is ${order.status}; only PENDING orders can be cancelled or executed early.`,
        extra,
      );
  }
}
