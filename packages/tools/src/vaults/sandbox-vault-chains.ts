import { evmVaultCollection } from '@svc/chains';
import { anvilDevAccount, type SandboxEvmChain, SVC_VAULT_NFT_MINTER_INDEX } from '@svc/sandbox';
import type { VaultChains } from '../ports/vault-chains.js';

/** The sandbox's vault collection: SvcVaultNFT on the Base anvil, minted by dev account #6. */
export function sandboxVaultChains(base: SandboxEvmChain): VaultChains {
  return {
    collections: {
      base: evmVaultCollection({
        address: base.vaultNft,
        publicClient: base.publicClient,
        minter: anvilDevAccount(SVC_VAULT_NFT_MINTER_INDEX),
      }),
    },
  };
}
