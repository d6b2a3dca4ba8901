import { ServiceError } from '@svc/contracts';
import { anyVault } from '@svc/store';
import type { Handler, HandlerContext } from '../handler.js';
import { collectionNotFound, collectionOfNft, collectionView, findCollection } from './vault-collections.js';
import { publicView } from './vault-view.js';

const VAULT_ID = /^\d{1,78}$/;

const assetNotFound = (asset: string) =>
  new ServiceError('not_found', `No minted vault "${asset}"; only minted vaults are public. Nothing was charged.`, {
    extra: { asset },
  });

/** A minted (or revealed) vault with its current on-chain holder; an unminted vault is private, so it is not found. */
async function resolveVault(context: HandlerContext, vaultId: string) {
  const vault = await anyVault(context.db, vaultId);
  if (!vault?.nft) throw assetNotFound(vaultId);
  const owner = (await collectionOfNft(context, vault.nft).ownerOf(BigInt(vaultId))) ?? null;
  return { kind: 'vault', vault: { ...publicView(vault), owner } };
}

/**
 * Output: `{ kind: 'vault', vault: { vaultId, name, status, nft, owner } }` for a vault id or a contract + tokenId, or
 * `{ kind: 'collection', collection }` for a collection id or contract address.
 */
export const svcResolveAsset: Handler<'svcResolveAsset'> = async ({ asset, tokenId, chain }, context) => {
  if (VAULT_ID.test(asset)) return resolveVault(context, asset);
  const found = findCollection(context, asset, chain);
  if (!found) throw collectionNotFound(asset);
  if (tokenId === undefined) return { kind: 'collection', collection: collectionView(found.chain, found.collection) };
  const resolved = await resolveVault(context, tokenId);
  // A token id of another collection is not this collection's asset.
  if (resolved.vault.nft?.contract.toLowerCase() !== found.collection.address.toLowerCase())
    throw assetNotFound(tokenId);
  return resolved;
};
