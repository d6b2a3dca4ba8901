import { addOrder, type Direction, moveOrder, type OrderRole, retriggerOrder, type StoredPosition } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { entryExit } from './create-entry.js';
import { accountActor, ownedPosition } from './owned-position.js';
import { positionView } from './position-view.js';
import { notPending, stateConflict } from './state-conflict.js';

type ExitChange = { role: 'STOP_LOSS' | 'TAKE_PROFIT'; price: string | null; direction: Direction | undefined };

const live = (position: StoredPosition, role: OrderRole) =>
  position.orders.find((order) => order.role === role && (order.status === 'PENDING' || order.status === 'WAITING'));
const done = (position: StoredPosition, role: OrderRole) =>
  position.orders.find((order) => order.role === role && (order.status === 'EXECUTING' || order.status === 'EXECUTED'));

/** Refuse the whole update before anything changes when one part of it is not allowed. */
function checkUpdate(position: StoredPosition, entryPrice: string | undefined, exits: ExitChange[]): void {
  if (position.status !== 'OPEN')
    throw stateConflict(`Position ${position.positionId} is ${position.status}; only OPEN positions can be updated.`, {
      positionId: position.positionId,
    });
  if (entryPrice !== undefined) {
    const entry = position.orders.find((order) => order.role === 'ENTRY');
    if (!entry || entry.orderType !== 'LIMIT')
      throw stateConflict('entryPrice is valid only for a pending LIMIT entry; this position has none.', {
        positionId: position.positionId,
      });
    if (entry.status !== 'PENDING') throw notPending(entry);
  }
  for (const exit of exits) {
    const executed = done(position, exit.role);
    if (executed) throw notPending(executed);
  }
}

/**
 * entryPrice replaces a pending LIMIT entry's trigger; a stop-loss / take-profit price adds or replaces that exit
 * (with its direction), null removes it, an omitted field stays. The network is a hint only (ignored when wrong).
 * Output: `{ changes, position }`.
 */
export const updatePosition: Handler<'updatePosition'> = async (input, context) => {
  const { accountId } = callerOf(context);
  const actor = accountActor(accountId);
  const position = await ownedPosition(context.db, accountId, input.positionId);
  const exits: ExitChange[] = [];
  if (input.stopLossPrice !== undefined)
    exits.push({ role: 'STOP_LOSS', price: input.stopLossPrice, direction: input.stopLossDirection });
  if (input.takeProfitPrice !== undefined)
    exits.push({ role: 'TAKE_PROFIT', price: input.takeProfitPrice, direction: input.takeProfitDirection });
  checkUpdate(position, input.entryPrice, exits);
  const changes: string[] = [];
  const raced = () =>
    stateConflict(
      `Position ${position.positionId} changed while it was being updated (an order was just claimed); read it again.`,
      { positionId: position.positionId },
    );
  if (input.entryPrice !== undefined) {
    const entry = position.orders.find((order) => order.role === 'ENTRY');
    if (!entry || !(await retriggerOrder(context.db, entry.orderId, input.entryPrice, null, actor))) throw raced();
    changes.push('entryPrice replaced');
  }
  for (const exit of exits) {
    const current = live(position, exit.role);
    const name = exit.role === 'STOP_LOSS' ? 'stop-loss' : 'take-profit';
    if (exit.price === null) {
      if (
        current &&
        !(await moveOrder(context.db, current.orderId, ['PENDING', 'WAITING'], 'CANCELLED', actor, 'removed'))
      )
        throw raced();
      changes.push(current ? `${name} removed` : `no ${name} to remove`);
    } else if (current) {
      if (!(await retriggerOrder(context.db, current.orderId, exit.price, exit.direction ?? null, actor)))
        throw raced();
      changes.push(`${name} replaced`);
    } else {
      // An exit sells the position's asset: what the entry bought once it filled (else it waits), or an exit position's quantity.
      const entry = position.orders.find((order) => order.role === 'ENTRY' || order.role === 'EXIT');
      const held =
        entry?.role === 'EXIT' ? entry.sellQuantity : entry?.status === 'EXECUTED' ? entry.boughtQuantity : null;
      const order = entryExit(
        exit.role,
        position.asset,
        position.quoteToken,
        exit.price,
        exit.direction as Direction,
        held === null ? 'WAITING' : 'PENDING',
        held,
      );
      await addOrder(context.db, position, order, actor);
      changes.push(`${name} added`);
    }
  }
  return { changes, position: positionView(await ownedPosition(context.db, accountId, position.positionId)) };
};
