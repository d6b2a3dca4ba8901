import { recentActivityOf, trackedWalletsOf } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { RECENT_EVENTS_LIMIT } from './limits.js';

/**
 * Output: `{ wallets: [{ address, label, chains, createdAt, updatedAt }], events: [activity event] }`: the caller's
 * tracked wallets (oldest first) and the newest 50 activity events on them, newest first. An event's fields are
 * documented in docs/families/tracked-wallets.md and are the `data` of its webhook.
 */
export const getTrackedWallets: Handler<'getTrackedWallets'> = async (_input, context) => {
  const { accountId } = callerOf(context);
  const [wallets, events] = await Promise.all([
    trackedWalletsOf(context.db, accountId),
    recentActivityOf(context.db, accountId, RECENT_EVENTS_LIMIT),
  ]);
  return { wallets, events };
};
