import { vaultsOf } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { ownerView } from './vault-view.js';

/** Output: `{ vaults: [...], page, limit, total }`, oldest first. */
export const svcListMyVaults: Handler<'svcListMyVaults'> = async ({ status, page, limit }, context) => {
  const { vaults, total } = await vaultsOf(context.db, callerOf(context).accountId, { status, page, limit });
  return { vaults: vaults.map(ownerView), page, limit, total };
};
