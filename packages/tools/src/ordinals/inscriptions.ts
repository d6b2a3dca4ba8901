import type { Handler } from '../handler.js';
import type {
  BitcoinIndex,
  IndexedInscriptionView,
  InscriptionMove,
  OrdinalsCollection,
} from '../ports/bitcoin-index.js';
import { isoTime, mainnetAddress, notFound, ordinalsIndexOf, ordiscanOf, pageOf, PAGE_SIZE } from './ordinals-index.js';

/** Metadata as Ordiscan writes it: a flat map of strings and numbers, or else its JSON text. */
function metadataJson(metadata: unknown): string | Record<string, string | number> | null {
  if (metadata === null || metadata === undefined) return null;
  const flat =
    typeof metadata === 'object' &&
    !Array.isArray(metadata) &&
    Object.values(metadata).every((value) => typeof value === 'string' || typeof value === 'number');
  return flat ? (metadata as Record<string, string | number>) : JSON.stringify(metadata);
}

/**
 * Inscriptions in Ordiscan's shape (its `Inscription`), from the envelope's parent, metadata and metaprotocol, the
 * collection of the parent, and the BRC-20 operation an inscription made ("brc-20" its metaprotocol when it names
 * none). The sandbox has no delegates or sat names; `content_length` is ord's field, added.
 */
async function inscriptionsJson(index: BitcoinIndex, inscriptions: readonly IndexedInscriptionView[]) {
  const collections = await index.collections();
  return Promise.all(inscriptions.map((inscription) => inscriptionJson(index, inscription, collections)));
}

async function inscriptionJson(
  index: BitcoinIndex,
  inscription: IndexedInscriptionView,
  collections: readonly OrdinalsCollection[],
) {
  const rare = await index.rareSats([[inscription.sat, inscription.sat + 1n]]);
  const brc20 = await index.brc20Action(inscription.id);
  return {
    inscription_id: inscription.id,
    inscription_number: inscription.number,
    content_type: inscription.contentType,
    content_length: inscription.contentLength,
    owner_address: inscription.location?.address ?? null,
    owner_output: inscription.location?.output ?? null,
    timestamp: isoTime(inscription.genesis.time),
    metadata: metadataJson(inscription.metadata),
    metaprotocol: inscription.metaprotocol,
    sat: Number(inscription.sat),
    content_url: await index.contentUrl(inscription.id),
    parent_inscription_id: inscription.parent,
    delegate_inscription_id: null,
    satributes: rare.map((sat) => sat.rarity),
    submodules: [],
    genesis_address: inscription.genesis.address,
    genesis_output: inscription.genesis.output,
    collection_slug: collections.find((collection) => collection.parent === inscription.parent)?.slug ?? null,
    sats_name: null,
    brc20_action: brc20 ? { type: brc20.type, tick: brc20.tick.toUpperCase() } : null,
  };
}

async function known(index: BitcoinIndex, id: string): Promise<IndexedInscriptionView> {
  const inscription = await index.inscription(id.toLowerCase());
  if (!inscription) throw notFound(`Inscription ${id}`);
  return inscription;
}

/** The inscriptions an address holds now, newest (highest number) first. */
async function heldBy(index: BitcoinIndex, address: string) {
  const all = await index.inscriptions();
  return all.filter((inscription) => inscription.location?.address === address).reverse();
}

/** Output: `{ data: Inscription }`. */
export const getInscriptionInfo: Handler<'getInscriptionInfo'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.inscription(input.inscriptionId.toLowerCase());
  const index = ordinalsIndexOf(context, 'getInscriptionInfo');
  const [inscription] = await inscriptionsJson(index, [await known(index, input.inscriptionId)]);
  return { data: inscription! };
};

const transferJson = (move: InscriptionMove) => ({
  from_address: move.from,
  to_address: move.to,
  inscription_id: move.inscriptionId,
  spent_as_fee: move.spentAsFee,
  txid: move.txid,
  confirmed: true,
  timestamp: isoTime(move.time),
});

/** Output: `{ data: InscriptionTransfer[] }`, newest first; the reveal is not a transfer. */
export const inscriptionTransferActivity: Handler<'inscriptionTransferActivity'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.inscriptionTransfers(input.inscriptionId.toLowerCase());
  const inscription = await known(ordinalsIndexOf(context, 'inscriptionTransferActivity'), input.inscriptionId);
  return {
    data: inscription.transfers
      .filter((move) => move.from !== null)
      .reverse()
      .map(transferJson),
  };
};

/** Output: `{ data: InscriptionActivity[] }` (INSCRIBE, SEND, RECEIVE), newest first, 20 a page. */
export const getInscriptionActivity: Handler<'getInscriptionActivity'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressInscriptionActivity(address, input.page);
  const moves = await ordinalsIndexOf(context, 'getInscriptionActivity').inscriptionActivityOf(address);
  return {
    data: pageOf(moves, input.page).map((move) => {
      const type = move.from === null ? 'INSCRIBE' : move.to === address ? 'RECEIVE' : 'SEND';
      return {
        txid: move.txid,
        type,
        inscription_id: move.inscriptionId,
        counterpart_address: type === 'INSCRIBE' ? null : type === 'RECEIVE' ? move.from : move.to,
        spent_as_fee: move.spentAsFee,
        confirmed: true,
        timestamp: isoTime(move.time),
      };
    }),
  };
};

/** Output: `{ data: Inscription[] }`, the inscriptions the address holds, newest first, 20 a page. */
export const getInscriptionsByAddress: Handler<'getInscriptionsByAddress'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressInscriptions(address, input.page);
  const index = ordinalsIndexOf(context, 'getInscriptionsByAddress');
  const held = await heldBy(index, address);
  return { data: await inscriptionsJson(index, pageOf(held, input.page)) };
};

/** Output: `{ data: string[] }`, the ids of every inscription the address holds, newest first. */
export const getOwnedInscriptionIds: Handler<'getOwnedInscriptionIds'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.addressInscriptionIds(address);
  const held = await heldBy(ordinalsIndexOf(context, 'getOwnedInscriptionIds'), address);
  return { data: held.map((inscription) => inscription.id) };
};

/**
 * Output: `{ data: Inscription[] }`, 20 inscriptions in number order (desc or asc), numbers strictly above `after`
 * and strictly below `before` (Ordiscan's cursors).
 */
export const getLatestInscriptions: Handler<'getLatestInscriptions'> = async (input, context) => {
  const ordiscan = ordiscanOf(context);
  if (ordiscan) return ordiscan.latestInscriptions({ sort: input.sort, after: input.after, before: input.before });
  const index = ordinalsIndexOf(context, 'getLatestInscriptions');
  const inRange = (await index.inscriptions()).filter(
    (inscription) =>
      (input.after === undefined || inscription.number > input.after) &&
      (input.before === undefined || inscription.number < input.before),
  );
  const ordered = input.sort === 'inscription_number_desc' ? inRange.reverse() : inRange;
  return { data: await inscriptionsJson(index, ordered.slice(0, PAGE_SIZE)) };
};
