import type { Handler } from '../handler.js';
import { mainnetAddress, notFound } from '../ordinals/ordinals-index.js';
import type { IndexedStamp } from '../ports/stamps-index.js';
import { paginated, STAMPCHAIN_PAGE_SIZE, stampchainOf, stampRow, stampsIndexOf } from './stamps-source.js';

const DIVISIBLE_UNITS = 100_000_000;

/** Output: `{ last_block, data: { stamp } }` (Stampchain's StampResponseBody); 404 for a number no stamp has. */
export const getStamp: Handler<'getStamp'> = async (input, context) => {
  const stampchain = stampchainOf(context);
  if (stampchain) return stampchain.stamp(input.stampId);
  const index = stampsIndexOf(context, 'getStamp');
  const stamp = (await index.stamps()).find((known) => known.stamp === Number(input.stampId));
  if (!stamp) throw notFound(`Stamp ${input.stampId}`);
  return { last_block: await index.lastBlock(), data: { stamp: stampRow(stamp) } };
};

/**
 * Output: Stampchain's paginated StampBalance list (its first page of 50): each stamp the address holds, with
 * `balance` in display units (a divisible asset's atomic quantity / 10^8).
 */
export const getStampsByAddress: Handler<'getStampsByAddress'> = async (input, context) => {
  const address = mainnetAddress(input.bitcoinAddress);
  const stampchain = stampchainOf(context);
  if (stampchain) return stampchain.stampBalances(address);
  const index = stampsIndexOf(context, 'getStampsByAddress');
  const held = (await index.stampBalancesOf(address)).map(({ stamp, quantity }) => ({
    ...stampRow(stamp),
    balance: stamp.divisible ? Number(quantity) / DIVISIBLE_UNITS : Number(quantity),
  }));
  return paginated(held, 1, STAMPCHAIN_PAGE_SIZE, await index.lastBlock());
};

/** Output: Stampchain's paginated StampRow list, the `limit` most recently confirmed stamps, newest first. */
export const getRecentStamps: Handler<'getRecentStamps'> = async (input, context) => {
  const stampchain = stampchainOf(context);
  if (stampchain) return stampchain.recentStamps(input.limit);
  const index = stampsIndexOf(context, 'getRecentStamps');
  const newest = [...(await index.stamps())].reverse();
  return paginated(newest.map(stampRow), 1, input.limit, await index.lastBlock());
};

/** Does `query` name the stamp, as Stampchain's search reads it: its number, or part of its cpid, creator or txid? */
function matches(stamp: IndexedStamp, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (/^-?\d+$/.test(text)) return stamp.stamp === Number(text);
  return [stamp.cpid, stamp.creator, stamp.txid].some((field) => field.toLowerCase().includes(text));
}

/**
 * Output: Stampchain's paginated StampRow list of the stamps matching every filter given, by confirmation order
 * (`sort_order` DESC, newest first, unless ASC), `limit` (or `page_size`, else 50) a page. The sandbox has no stamp
 * collections, so a `collection_id` matches nothing there.
 */
export const searchStamps: Handler<'searchStamps'> = async (input, context) => {
  const stampchain = stampchainOf(context);
  if (stampchain) return stampchain.searchStamps(input);
  const index = stampsIndexOf(context, 'searchStamps');
  const found = (await index.stamps()).filter(
    (stamp) =>
      (input.query === undefined || matches(stamp, input.query)) &&
      (input.creator === undefined || stamp.creator === input.creator) &&
      (input.cpid === undefined || stamp.cpid.toUpperCase() === input.cpid.toUpperCase()) &&
      input.collection_id === undefined &&
      (input.is_btc_stamp === undefined || stamp.isBtcStamp === input.is_btc_stamp) &&
      (input.is_cursed === undefined || stamp.isCursed === input.is_cursed),
  );
  const ordered = input.sort_order === 'ASC' ? found : found.reverse();
  const limit = input.limit ?? input.page_size ?? STAMPCHAIN_PAGE_SIZE;
  return paginated(ordered.map(stampRow), input.page ?? 1, limit, await index.lastBlock());
};
