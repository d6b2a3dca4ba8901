import type { VaultCollection } from '@svc/chains';
import type { VaultMintChain } from '@svc/contracts';

/**
 * The chains vaults are minted on (their balances are read through each chain family's reader). A chain missing here
 * is not invented: minting on it is refused.
 */
export interface VaultChains {
  readonly collections: Partial<Record<VaultMintChain, VaultCollection>>;
  /** Live mode: the setting that names the collection on `chain` (VAULT_COLLECTION_<CHAIN>), named when it is missing. */
  readonly settingOf?: ((chain: VaultMintChain) => string) | undefined;
}
