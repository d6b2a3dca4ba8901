// The vault NFT collection: the ERC-721 contract vaults are minted into (SvcVaultNFT), its compiled code and deployment.
export {
  evmVaultCollection,
  type EvmVaultCollectionOptions,
  VAULT_NFT_ABI,
  type VaultCollection,
} from './evm-vault-collection.js';
export {
  deployVaultCollection,
  SVC_VAULT_NFT,
  isVaultCollection,
  vaultCollectionDeployData,
  vaultCollectionRuntime,
} from './svc-vault-nft.js';
