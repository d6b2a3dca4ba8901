import type { VaultCollection } from '@svc/chains';
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
