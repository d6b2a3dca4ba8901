// The service's vault product: vaults with their own sealed seeds, deposit addresses, balances, ERC-721 minting and
// the one-time key reveal (identity-gated), plus the open collection reads.
export { svcCreateVault } from './create-vault.js';
export { svcDeleteVault } from './delete-vault.js';
export { svcGetCollectionAssets } from './get-collection-assets.js';
export { svcGetDepositAddress } from './get-deposit-address.js';
export { svcGetVaultDetails } from './get-vault-details.js';
export { svcListCollections } from './list-collections.js';
export { svcListMyVaults } from './list-my-vaults.js';
export { svcMintVault } from './mint-vault.js';
export { svcQuickVault } from './quick-vault.js';
export { svcRefreshBalance } from './refresh-balance.js';
export { svcResolveAsset } from './resolve-asset.js';
export { svcRevealKeys } from './reveal-keys.js';
export { NO_VAULT_CHAINS, type VaultChains } from './vault-chains.js';
