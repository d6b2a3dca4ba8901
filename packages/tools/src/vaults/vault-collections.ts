import type { VaultCollection } from '@svc/chains';
import { ServiceError, type VaultMintChain } from '@svc/contracts';
import type { VaultNft } from '@svc/store';
import type { HandlerContext } from '../handler.js';

/** The collections this deployment mints into, with the chain each lives on. */
export function collectionsOf(context: HandlerContext): { chain: VaultMintChain; collection: VaultCollection }[] {
  return Object.entries(context.vaultChains?.collections ?? {}).map(([chain, collection]) => ({
    chain: chain as VaultMintChain,
    collection,
  }));
}

/** The collection vaults are minted into on `chain`; refused (503) when this deployment has none there. */
export function collectionOn(context: HandlerContext, chain: VaultMintChain): VaultCollection {
  const collection = context.vaultChains?.collections[chain];
  if (collection) return collection;
  const available = collectionsOf(context).map((c) => c.chain);
  const setting = context.vaultChains?.settingOf?.(chain);
  throw new ServiceError(
    'not_configured',
    `No vault collection on ${chain} in this deployment${setting ? ` (set ${setting})` : ''}${available.length ? ` (available: ${available.join(', ')})` : ''}; nothing was charged.`,
    {
      extra: { chain, available, ...(setting && { setting }) },
    },
  );
}

/** The collection a minted vault's NFT lives in (its recorded chain id and contract). */
export function collectionOfNft(context: HandlerContext, nft: VaultNft): VaultCollection {
  const found = collectionsOf(context).find(
    ({ collection }) =>
      collection.chainId === nft.chainId && collection.address.toLowerCase() === nft.contract.toLowerCase(),
  );
  if (!found) {
    throw new ServiceError(
      'not_configured',
      `The collection ${nft.contract} on chain ${nft.chainId} is not reachable from this deployment; nothing was charged.`,
      {
        extra: { chainId: nft.chainId, contract: nft.contract },
      },
    );
  }
  return found.collection;
}

/** A collection's public id: one collection per chain in this release. */
const collectionIdOf = (chain: VaultMintChain) => `vaults-${chain}`;

/** A collection as the open reads show it. */
export const collectionView = (chain: VaultMintChain, collection: VaultCollection) => ({
  collectionId: collectionIdOf(chain),
  chain,
  chainId: collection.chainId,
  contract: collection.address,
  standard: 'ERC-721',
});

/** The collection named by its id, or by contract address on `chain`; undefined when this deployment has none such. */
export function findCollection(context: HandlerContext, ref: string, chain: VaultMintChain | undefined) {
  return collectionsOf(context).find(
    (c) =>
      collectionIdOf(c.chain) === ref ||
      (c.chain === chain && c.collection.address.toLowerCase() === ref.toLowerCase()),
  );
}

export const collectionNotFound = (ref: string) =>
  new ServiceError('not_found', `No vault collection "${ref}"; svcListCollections lists them. Nothing was charged.`, {
    extra: { collection: ref },
  });
