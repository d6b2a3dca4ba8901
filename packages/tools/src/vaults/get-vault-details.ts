import type { Handler } from '../handler.js';
import { ownVault } from './own-vault.js';
import { ownerView } from './vault-view.js';

/** Output: `{ vault: { vaultId, status, depositAddresses, balances, balancesRefreshedAt, nft: {chainId, contract, tokenId, ...} | null, ... } }`. */
export const svcGetVaultDetails: Handler<'svcGetVaultDetails'> = async ({ vaultId }, context) => ({
  vault: ownerView(await ownVault(context, vaultId)),
});
