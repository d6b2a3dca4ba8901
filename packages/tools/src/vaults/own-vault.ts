import { type StoredVault, vaultOf } from '@svc/store';
import { callerOf, type HandlerContext } from '../handler.js';
import { vaultNotFound } from './vault-not-found.js';

/** The caller's vault `vaultId`, or the 404 a missing or foreign vault gets. */
export async function ownVault(context: HandlerContext, vaultId: string): Promise<StoredVault> {
  const vault = await vaultOf(context.db, callerOf(context).accountId, vaultId);
  if (!vault) throw vaultNotFound(vaultId);
  return vault;
}
