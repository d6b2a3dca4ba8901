import { moveOrdersOfPosition, positionsOf, type Queryable, settlePosition, type StoredPosition } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { accountActor, ownedPosition } from './owned-position.js';
import { positionView } from './position-view.js';
import { stateConflict } from './state-conflict.js';

/** Why an open position cannot be cancelled right now: one of its orders is executing (a swap may be on its way). */
const executing = (position: StoredPosition) => position.orders.find((order) => order.status === 'EXECUTING');

/** Cancel a position's live orders and mark it CANCELLED (a filled entry without exits is cancelled too). */
async function cancel(db: Queryable, position: StoredPosition, actor: string): Promise<void> {
  await moveOrdersOfPosition(db, position.positionId, ['PENDING', 'WAITING'], 'CANCELLED', actor, 'cancelled', {
    detail: 'position cancelled',
  });
  await settlePosition(db, position.positionId, actor, true);
}

/** Output: `{ cancelled: true, position }`; 409 when the position is not OPEN or an order is executing. */
export const cancelPosition: Handler<'cancelPosition'> = async ({ positionId, network }, context) => {
  const { accountId } = callerOf(context);
  const position = await ownedPosition(context.db, accountId, positionId, network);
  if (position.status !== 'OPEN')
    throw stateConflict(`Position ${positionId} is ${position.status}; only OPEN positions can be cancelled.`, {
      positionId,
      positionStatus: position.status,
    });
  const busy = executing(position);
  if (busy)
    throw stateConflict(`Order ${busy.orderId} of position ${positionId} is executing; try again when it finished.`, {
      positionId,
      orderId: busy.orderId,
    });
  await cancel(context.db, position, accountActor(accountId));
  return { cancelled: true, position: positionView(await ownedPosition(context.db, accountId, positionId)) };
};

/**
 * Cancels every OPEN position of the caller on one network (network is required, so nothing on another network is
 * ever closed by accident). A position with an order executing right now is skipped and listed with the reason.
 * Output: `{ network, cancelled: [positionId], skipped: [{ positionId, reason }] }`.
 */
export const closeAllPositions: Handler<'closeAllPositions'> = async ({ network }, context) => {
  const { accountId } = callerOf(context);
  const actor = accountActor(accountId);
  const cancelled: string[] = [];
  const skipped: { positionId: string; reason: string }[] = [];
  for (const position of await positionsOf(context.db, accountId, { network, status: 'OPEN' })) {
    const busy = executing(position);
    if (busy) {
      skipped.push({ positionId: position.positionId, reason: `order ${busy.orderId} is executing` });
      continue;
    }
    await cancel(context.db, position, actor);
    cancelled.push(position.positionId);
  }
  return { network, cancelled, skipped };
};
