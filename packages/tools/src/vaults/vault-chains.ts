import { anvilDevAccount, evmVaultCollection, type SandboxEvmChain, SVC_VAULT_NFT_MINTER_INDEX, type VaultCollection } from '@svc/chains';
import type { VaultMintChain } from '@svc/contracts';

/**
 * The chains vaults are minted on (their balances are read through each chain family's reader). A chain missing here
 * is not invented: minting on it is refused.
 */
export interface VaultChains {
  readonly collections: Partial<Record<VaultMintChain, VaultCollection>>;
}

/** No chain at all: a deployment that has not wired any (live mode in this release). */
export const NO_VAULT_CHAINS: VaultChains = { collections: {} };

/** The sandbox's vault collection: SvcVaultNFT on the Base anvil, minted by dev account #6. */
export function sandboxVaultChains(base: SandboxEvmChain): VaultChains {
  return {
    collections: {
      base: evmVaultCollection({ address: base.vaultNft, publicClient: base.publicClient, minter: anvilDevAccount(SVC_VAULT_NFT_MINTER_INDEX) }),
    },
  };
}
