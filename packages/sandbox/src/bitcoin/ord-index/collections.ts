/**
 * Ordinals collections of the sandbox chain, as parent/child provenance makes them: a collection is a parent
 * inscription whose metadata names it (`name`, and optionally `description`, `twitter_link`, `discord_link`,
 * `website_link`) and that has children (inscriptions whose envelope names it as parent). Its slug is the name in lower
 * case with every run of other characters a hyphen ("Bitcoin Frogs" → "bitcoin-frogs"); a later collection with a
 * slug already taken gets "-2", "-3", … A child's traits are its metadata's entries other than `name` and
 * `description` whose values are strings or numbers.
 */
import type { JsonValue } from '../cbor.js';
import type { IndexedInscription } from './inscriptions.js';

export interface IndexedCollection {
  readonly slug: string;
  readonly name: string;
  readonly description: string | null;
  readonly twitterLink: string | null;
  readonly discordLink: string | null;
  readonly websiteLink: string | null;
  /** The parent inscription's id. */
  readonly parent: string;
  /** The children's ids in inscription-number order. */
  readonly items: readonly string[];
}

export interface InscriptionTrait {
  readonly name: string;
  readonly value: string;
  /** The share of the collection's items with this value of this trait, in percent (two decimals). */
  readonly rarity: number;
}

/** Metadata that is a map (ord's metadata may be any CBOR value). */
export function metadataRecord(metadata: JsonValue | null): Readonly<Record<string, JsonValue>> | undefined {
  return typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata)
    ? (metadata as Record<string, JsonValue>)
    : undefined;
}

const text = (value: JsonValue | undefined) => (typeof value === 'string' && value.length > 0 ? value : null);

export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The collections among `inscriptions` (in number order), oldest parent first. */
export function collectionsOf(inscriptions: readonly IndexedInscription[]): IndexedCollection[] {
  const children = new Map<string, string[]>();
  for (const inscription of inscriptions)
    if (inscription.parent)
      children.set(inscription.parent, [...(children.get(inscription.parent) ?? []), inscription.id]);
  const taken = new Set<string>();
  return inscriptions.flatMap((parent) => {
    const items = children.get(parent.id);
    const metadata = metadataRecord(parent.metadata);
    const name = text(metadata?.name);
    const base = name && slugOf(name);
    if (!items || !metadata || !name || !base) return [];
    let slug = base;
    for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
    taken.add(slug);
    return [
      {
        slug,
        name,
        description: text(metadata.description),
        twitterLink: text(metadata.twitter_link),
        discordLink: text(metadata.discord_link),
        websiteLink: text(metadata.website_link),
        parent: parent.id,
        items,
      },
    ];
  });
}

const NOT_TRAITS = new Set(['name', 'description']);

/** An item's traits as name/value pairs (its metadata's string and number entries but its name and description). */
function traitPairs(inscription: IndexedInscription): [string, string][] {
  return Object.entries(metadataRecord(inscription.metadata) ?? {}).flatMap(([name, value]) =>
    !NOT_TRAITS.has(name) && (typeof value === 'string' || typeof value === 'number') ? [[name, String(value)]] : [],
  );
}

/** The traits of `item`, a child in `collection` (whose items are `members`), each with its rarity there. */
export function traitsOf(item: IndexedInscription, members: readonly IndexedInscription[]): InscriptionTrait[] {
  const counts = new Map<string, number>();
  for (const member of members)
    for (const [name, value] of traitPairs(member))
      counts.set(`${name}\u0000${value}`, (counts.get(`${name}\u0000${value}`) ?? 0) + 1);
  return traitPairs(item).map(([name, value]) => ({
    name,
    value,
    rarity: Math.round(((counts.get(`${name}\u0000${value}`) ?? 0) / members.length) * 10_000) / 100,
  }));
}
