import type { Handler, HandlerContext } from '../handler.js';
import type { OrdinalsCollection } from '../ports/bitcoin-index.js';
import { notFound, ordinalsIndexOf, ordiscanOf, pageOf } from './ordinals-index.js';

/**
 * Ordinals collections: Ordiscan's in live mode; in sandbox mode, the parent inscriptions named in their metadata with
 * their children (the sandbox ord index's collections.ts), seeded with two on a new chain.
 */

/** A collection in Ordiscan's shape (its `Collection`). */
const collectionJson = (collection: OrdinalsCollection) => ({
  name: collection.name,
  slug: collection.slug,
  description: collection.description,
  twitter_link: collection.twitterLink,
  discord_link: collection.discordLink,
  website_link: collection.websiteLink,
  item_count: collection.items.length,
});

/** Slugs are lower case (Ordiscan's and the sandbox's), so a lookup is too. */
async function collectionBySlug(context: HandlerContext, slug: string, tool: string) {
  const collections = await ordinalsIndexOf(context, tool).collections();
  const found = collections.find((collection) => collection.slug === slug.toLowerCase());
  if (!found) throw notFound(`Collection ${slug}`);
  return found;
}

/** Output: `{ data: Collection[] }`, 20 a page, oldest collection first. */
export const getBitcoinCollections: Handler<'getBitcoinCollections'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.collections(input.page);
  const collections = await ordinalsIndexOf(context, 'getBitcoinCollections').collections();
  return { data: pageOf(collections, input.page).map(collectionJson) };
};

/** Output: `{ data: Collection }`. */
export const getCollectionInfo: Handler<'getCollectionInfo'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.collection(input.slug.toLowerCase());
  return { data: collectionJson(await collectionBySlug(context, input.slug, 'getCollectionInfo')) };
};

/** Output: `{ data: string[] }`, the ids of the collection's inscriptions (in inscription-number order here). */
export const getCollectionInscriptions: Handler<'getCollectionInscriptions'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.collectionInscriptions(input.slug.toLowerCase());
  return { data: [...(await collectionBySlug(context, input.slug, 'getCollectionInscriptions')).items] };
};

/**
 * Output: `{ data: InscriptionTrait[] }` (name, value, rarity: the percent of the collection's items sharing the
 * value); empty for an inscription in no collection.
 */
export const getInscriptionTraits: Handler<'getInscriptionTraits'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  const id = input.inscriptionId.toLowerCase();
  if (ordiscan) return ordiscan.inscriptionTraits(id);
  const traits = await ordinalsIndexOf(context, 'getInscriptionTraits').inscriptionTraits(id);
  if (!traits) throw notFound(`Inscription ${input.inscriptionId}`);
  return { data: [...traits] };
};
