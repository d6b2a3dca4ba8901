import { ServiceError } from '@svc/contracts';
import { trackedWalletsHeld, untrackWallet } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { addressKindOf } from './address-kind.js';

const notTracked = (address: string) =>
  new ServiceError('not_found', `This account does not track ${address}; nothing was charged.`, { extra: { address } });

/**
 * Output: `{ address, removed: true }`. 404 when the caller does not track the address, also when another account
 * does (so addresses reveal nothing). EVM addresses match in any capitalisation, Solana addresses exactly.
 */
export const removeTrackedWallet: Handler<'removeTrackedWallet'> = withCommitPoint(async ({ address }, context) => {
  const { accountId } = callerOf(context);
  const kind = addressKindOf(address);
  if (!(await trackedWalletsHeld(context.db, accountId, kind, address)).includes) throw notTracked(address);
  await context.commit?.();
  if (!(await untrackWallet(context.db, accountId, kind, address))) throw notTracked(address);
  return { address, removed: true };
});
