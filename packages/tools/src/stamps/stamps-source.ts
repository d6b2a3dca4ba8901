import type { StampchainClient } from '@svc/providers';
import type { HandlerContext } from '../handler.js';
import { isoTime, noSandboxIndex } from '../ordinals/ordinals-index.js';
import type { IndexedStamp, Src20Operation, StampsIndex } from '../ports/stamps-index.js';

/**
 * Stampchain, when these tools answer from it: always in live mode (it needs no key; STAMPCHAIN_API_URL moves it),
 * or in sandbox mode with STAMPCHAIN_API_URL in PROVIDERS_LIVE. Undefined: the sandbox stamps index answers.
 * Stampchain's bodies are these tools' answers, so a handler returns them as they come.
 */
export const stampchainOf = (context: HandlerContext): StampchainClient | undefined => context.providers.stampchain;

/** The sandbox stamps index; a service built without one answers 501 (not charged: these tools settle after success). */
export function stampsIndexOf(context: HandlerContext, tool: string): StampsIndex {
  if (context.stampsIndex) return context.stampsIndex;
  throw noSandboxIndex(tool, 'stamps');
}

/** Stampchain's page size when a list route is given none. */
export const STAMPCHAIN_PAGE_SIZE = 50;

/** Stampchain's Pagination envelope around page `page` (1-indexed) of `items`, `limit` a page. */
export function paginated<T>(items: readonly T[], page: number, limit: number, lastBlock: number) {
  return {
    page,
    limit,
    totalPages: Math.ceil(items.length / limit),
    total: items.length,
    last_block: lastBlock,
    data: items.slice((page - 1) * limit, page * limit),
  };
}

/**
 * A stamp as Stampchain's StampRow. The sandbox serves no stamp files, so `stamp_url` is a data: URL of the stamp's
 * own bytes; `creator_name` is null (no artist directory) and `keyburn` null (the data rides in an OP_RETURN, not in
 * key-burned multisig outputs). `is_btc_stamp` and `is_cursed` are added.
 */
export const stampRow = (stamp: IndexedStamp) => ({
  stamp: stamp.stamp,
  block_index: stamp.height,
  cpid: stamp.cpid,
  creator: stamp.creator,
  creator_name: null,
  divisible: stamp.divisible ? 1 : 0,
  keyburn: null,
  locked: stamp.locked ? 1 : 0,
  stamp_url: `data:${stamp.mimeType};base64,${stamp.base64}`,
  stamp_mimetype: stamp.mimeType,
  stamp_base64: stamp.base64,
  supply: Number(stamp.supply),
  block_time: isoTime(stamp.time),
  tx_hash: stamp.txid,
  tx_index: stamp.txIndex,
  ident: stamp.ident,
  stamp_hash: stamp.stampHash,
  file_hash: stamp.fileHash,
  is_btc_stamp: stamp.isBtcStamp,
  is_cursed: stamp.isCursed,
});

/** An SRC-20 operation as Stampchain's Src20Detail (`p` and `op` upper-case, as Stampchain writes them). */
export const src20Detail = (operation: Src20Operation) => ({
  tx_hash: operation.txid,
  block_index: operation.height,
  p: 'SRC-20',
  op: operation.op,
  tick: operation.tick,
  creator: operation.creator,
  amt: operation.amt,
  deci: operation.dec,
  lim: operation.lim,
  max: operation.max,
  destination: operation.destination,
  block_time: isoTime(operation.time),
  creator_name: null,
  destination_name: null,
  status: operation.status,
});
