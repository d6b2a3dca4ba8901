// The vault NFT collection: the ERC-721 contract vaults are minted into (SvcVaultNFT on the sandbox chain).
export {
  evmVaultCollection,
  type EvmVaultCollectionOptions,
  VAULT_NFT_ABI,
  type VaultCollection,
} from './evm-vault-collection.js';
