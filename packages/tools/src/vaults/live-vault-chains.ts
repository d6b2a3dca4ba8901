import { evmChainByKey, evmVaultCollection, type VaultCollection } from '@svc/chains';
import type { VaultMintChain } from '@svc/contracts';
import type { EvmNetworks } from '@svc/providers';
import { type Address, type Hex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { VaultChains } from '../ports/vault-chains.js';

export interface LiveVaultChainSettings {
  /** The deployed collection per chain (VAULT_COLLECTION_<CHAIN>). */
  readonly collections: Partial<Record<VaultMintChain, Address>>;
  /** The collections' MINTER (VAULT_MINTER_PRIVATE_KEY); the configuration refuses a collection without it. */
  readonly minterPrivateKey: Hex | undefined;
  /** The setting naming the collection on a chain, which a mint on a chain without one names. */
  readonly settingOf: (chain: VaultMintChain) => string;
}

/**
 * The live vault collections: each configured SvcVaultNFT reached through its chain's live RPC (the EVM tools'
 * network, so its caps and breaker apply), minted and burned by the minter key. A chain's network is opened on the
 * collection's first use, as the EVM tools open theirs.
 */
export function liveVaultChains(settings: LiveVaultChainSettings, evmNetworks: EvmNetworks): VaultChains {
  const minter = settings.minterPrivateKey && privateKeyToAccount(settings.minterPrivateKey);
  const collections: Partial<Record<VaultMintChain, VaultCollection>> = {};
  if (minter) {
    for (const [chain, address] of Object.entries(settings.collections) as [VaultMintChain, Address][])
      collections[chain] = openedOnFirstUse(chain, address, minter, evmNetworks);
  }
  return { collections, settingOf: settings.settingOf };
}

function openedOnFirstUse(
  chain: VaultMintChain,
  address: Address,
  minter: LocalAccount,
  evmNetworks: EvmNetworks,
): VaultCollection {
  const { chainId } = evmChainByKey(chain)!;
  // One collection per chain, kept: it queues the minter's transactions there, so their nonces never race.
  let opened: Promise<VaultCollection> | undefined;
  const open = () => {
    if (!opened) {
      opened = evmNetworks
        .network(chainId)
        .then(({ publicClient }) => evmVaultCollection({ address, publicClient, minter }));
      // A chain that failed to open (its RPC setting missing) is tried again on the next call.
      opened.catch(() => (opened = undefined));
    }
    return opened;
  };
  return {
    chainId,
    address,
    mint: async (to, tokenId) => (await open()).mint(to, tokenId),
    burn: async (tokenId) => (await open()).burn(tokenId),
    ownerOf: async (tokenId) => (await open()).ownerOf(tokenId),
  };
}
