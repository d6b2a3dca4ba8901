import { ServiceError } from '@svc/contracts';
import { untrackWallet } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { addressKindOf } from './address-kind.js';

/**
 * Output: `{ address, removed: true }`. 404 when the caller does not track the address, also when another account
 * does (so addresses reveal nothing). EVM addresses match in any capitalisation, Solana addresses exactly.
 */
export const removeTrackedWallet: Handler<'removeTrackedWallet'> = async ({ address }, context) => {
  if (!(await untrackWallet(context.db, callerOf(context).accountId, addressKindOf(address), address))) {
    throw new ServiceError('not_found', `This account does not track ${address}; nothing was charged.`, { extra: { address } });
  }
  return { address, removed: true };
};
