import { vaultsMintedInto } from '@svc/store';
import type { Handler } from '../handler.js';
import { collectionNotFound, collectionView, findCollection } from './vault-collections.js';
import { publicView } from './vault-view.js';

/**
 * Output: `{ collection, assets: [{ vaultId, name, status, nft, owner }], page, limit, total }`, in mint order. `owner`
 * is read from the chain now (null once burned), so a token sold since the mint shows its new holder.
 */
export const svcGetCollectionAssets: Handler<'svcGetCollectionAssets'> = async (
  { collection: ref, chain, page, limit },
  context,
) => {
  const found = findCollection(context, ref, chain);
  if (!found) throw collectionNotFound(ref);
  const { collection } = found;
  const { vaults, total } = await vaultsMintedInto(context.db, collection.chainId, collection.address, { page, limit });
  const assets = await Promise.all(
    vaults.map(async (vault) => ({
      ...publicView(vault),
      owner: (await collection.ownerOf(BigInt(vault.vaultId))) ?? null,
    })),
  );
  return { collection: collectionView(found.chain, collection), assets, page, limit, total };
};
