import { positionsOf } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { ownedPosition } from './owned-position.js';
import { positionView } from './position-view.js';

/** Output: `{ position }` with its orders and history, searched on every network; 404 for a missing or foreign id. */
export const findPositionById: Handler<'findPositionById'> = async ({ positionId }, context) => ({
  position: positionView(await ownedPosition(context.db, callerOf(context).accountId, positionId)),
});

/** Output: `{ positions, count }` on one network (all when omitted), oldest first, optionally by status. */
export const listPositions: Handler<'listPositions'> = async ({ network, status }, context) => {
  const positions = await positionsOf(context.db, callerOf(context).accountId, {
    ...(network ? { network } : {}),
    ...(status ? { status } : {}),
  });
  return { network: network ?? 'all', positions: positions.map(positionView), count: positions.length };
};

/** Output: `{ positions, count }` on every network in one call, optionally by status. */
export const getAllPositions: Handler<'getAllPositions'> = async ({ status }, context) => {
  const positions = await positionsOf(context.db, callerOf(context).accountId, status ? { status } : {});
  return { positions: positions.map(positionView), count: positions.length };
};
