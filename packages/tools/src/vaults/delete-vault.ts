import { ServiceError } from '@svc/contracts';
import { deleteUnmintedVault, recordVaultBalances } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { ownVault } from './own-vault.js';
import { nonZeroChains, scanBalances } from './scan-balances.js';
import { vaultNotFound } from './vault-not-found.js';

const refused = (vaultId: string, reason: string, extra: Record<string, unknown> = {}) =>
  new ServiceError('state_conflict', `Vault "${vaultId}" cannot be deleted: ${reason} Nothing was changed.`, {
    extra: { vaultId, ...extra },
  });

/**
 * Output: `{ vaultId, deleted: true }`. Refused (409) for a minted or revealed vault (its NFT or handed-out keys
 * outlive the record), and for a vault any fresh scan finds funds in: deleting it would strand them.
 */
export const svcDeleteVault: Handler<'svcDeleteVault'> = async ({ vaultId }, context) => {
  const { accountId } = callerOf(context);
  const vault = await ownVault(context, vaultId);
  if (vault.status !== 'unminted')
    throw refused(vaultId, `it is ${vault.status}; only an unminted vault can be deleted.`, {
      vaultStatus: vault.status,
    });
  const balances = await scanBalances(context, vault);
  const funded = nonZeroChains(balances);
  if (funded.length > 0) {
    await recordVaultBalances(context.db, accountId, vaultId, balances);
    throw refused(vaultId, `it still holds funds on ${funded.join(', ')}; move them out first.`, {
      chains: funded,
      balances,
    });
  }
  if (!(await deleteUnmintedVault(context.db, accountId, vaultId))) throw vaultNotFound(vaultId);
  return { vaultId, deleted: true };
};
