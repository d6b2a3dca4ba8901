import { anvilDevAccount, evmVaultCollection, type SandboxEvmChain, SVC_VAULT_NFT_MINTER_INDEX, type VaultCollection } from '@svc/chains';
import type { VaultDepositChain, VaultMintChain } from '@svc/contracts';

/** An EVM chain the vault tools read balances on: its node and its USDC contract. */
export interface EvmBalanceSource {
  readonly publicClient: SandboxEvmChain['publicClient'];
  readonly usdc: `0x${string}`;
}

/**
 * The chains this deployment reaches for vaults. A chain missing here is not invented: its balance answers with an
 * error (sandbox) or a 503 naming the setting (live), and minting on it is refused.
 */
export interface VaultChains {
  readonly balances: Partial<Record<VaultDepositChain, EvmBalanceSource>>;
  readonly collections: Partial<Record<VaultMintChain, VaultCollection>>;
}

/** No chain at all: a deployment that has not wired any (live mode in this release). */
export const NO_VAULT_CHAINS: VaultChains = { balances: {}, collections: {} };

/** The sandbox's vault chains: the Base anvil, with its USDC and the SvcVaultNFT collection minted by dev account #6. */
export function sandboxVaultChains(base: SandboxEvmChain): VaultChains {
  return {
    balances: { base: { publicClient: base.publicClient, usdc: base.usdc } },
    collections: {
      base: evmVaultCollection({ address: base.vaultNft, publicClient: base.publicClient, minter: anvilDevAccount(SVC_VAULT_NFT_MINTER_INDEX) }),
    },
  };
}
