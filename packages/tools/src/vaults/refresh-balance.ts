import { recordVaultBalances } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { ownVault } from './own-vault.js';
import { scanBalances } from './scan-balances.js';
import { vaultNotFound } from './vault-not-found.js';

/**
 * Output: `{ vaultId, balances: { <chain>: { address, native: {symbol, atomic, decimals, amount}, usdc: {...} } |
 * { address, error } }, balancesRefreshedAt }`.
 */
export const svcRefreshBalance: Handler<'svcRefreshBalance'> = withCommitPoint(async ({ vaultId }, context) => {
  const vault = await ownVault(context, vaultId);
  const balances = await scanBalances(context, vault);
  await context.commit?.();
  const updated = await recordVaultBalances(context.db, callerOf(context).accountId, vaultId, balances);
  // Deleted between the read and the write (a concurrent svcDeleteVault): it is gone, as it would be for the next call.
  if (!updated) throw vaultNotFound(vaultId);
  return { vaultId, balances, balancesRefreshedAt: updated.balancesRefreshedAt };
});
