// The service's vault product: vaults with their own sealed seeds, deposit addresses, balances, ERC-721 minting and
// the one-time key reveal (identity-gated), plus the open collection reads.
import { defineFamily } from '../family.js';
import { movesNothing } from '../valuation.js';
import { svcCreateVault } from './create-vault.js';
import { svcDeleteVault } from './delete-vault.js';
import { svcGetCollectionAssets } from './get-collection-assets.js';
import { svcGetDepositAddress } from './get-deposit-address.js';
import { svcGetVaultDetails } from './get-vault-details.js';
import { svcListCollections } from './list-collections.js';
import { svcListMyVaults } from './list-my-vaults.js';
import { svcMintVault } from './mint-vault.js';
import { svcQuickVault } from './quick-vault.js';
import { svcRefreshBalance } from './refresh-balance.js';
import { svcResolveAsset } from './resolve-asset.js';
import { svcRevealKeys } from './reveal-keys.js';

export const vaultsFamily = defineFamily({
  handlers: {
    svcListMyVaults,
    svcGetVaultDetails,
    svcCreateVault,
    svcMintVault,
    svcRevealKeys,
    svcRefreshBalance,
    svcDeleteVault,
    svcListCollections,
    svcGetCollectionAssets,
    svcResolveAsset,
    svcGetDepositAddress,
    svcQuickVault,
  },
  // Vault bookkeeping: the operator mints the vault's NFT and pays for it; no value leaves the caller's wallets.
  valuations: {
    svcCreateVault: movesNothing,
    svcQuickVault: movesNothing,
    svcMintVault: movesNothing,
    svcDeleteVault: movesNothing,
    svcRevealKeys: movesNothing,
  },
});
