import type { Handler } from '../handler.js';
import { collectionsOf, collectionView } from './vault-collections.js';

/** Output: `{ collections: [{ collectionId, chain, chainId, contract, standard }], page, limit, total }`. */
export const svcListCollections: Handler<'svcListCollections'> = async ({ chain, page, limit }, context) => {
  const all = collectionsOf(context).filter((c) => chain === undefined || c.chain === chain);
  const collections = all.slice((page - 1) * limit, page * limit).map((c) => collectionView(c.chain, c.collection));
  return { collections, page, limit, total: all.length };
};
