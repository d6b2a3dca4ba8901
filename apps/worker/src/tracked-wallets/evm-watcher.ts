import { type Db, recordActivity, trackedAddressesOn, watchCursor } from '@svc/store';
import type { PublicClient } from 'viem';
import { scanEvmBlocks } from './evm-scanner.js';

export interface EvmWatchOptions {
  readonly db: Db;
  readonly client: PublicClient;
  readonly chain: string;
  readonly nativeSymbol: string;
  /** Blocks behind the head left unread (reorg safety). Default 0. */
  readonly confirmations?: number;
  /** At most this many blocks per pass, so a watcher far behind catches up in bounded steps. Default 100. */
  readonly maxBlocksPerPass?: number;
  /** On a chain's very first pass, how many blocks before the head are scanned too. Default 100. */
  readonly initialLookbackBlocks?: number;
}

export interface WatchPass {
  readonly fromBlock: number;
  readonly toBlock: number;
  readonly stored: number;
  readonly enqueued: number;
}

/**
 * One watcher pass over an EVM chain: scan the blocks after the stored cursor (up to the confirmed head) for
 * transfers touching tracked addresses, then store the events, their webhook deliveries and the new cursor in one
 * transaction. With nothing tracked on the chain the cursor just follows the head, so tracking a wallet later does
 * not replay history. Undefined when there is no new block.
 */
export async function watchEvmChainOnce(options: EvmWatchOptions): Promise<WatchPass | undefined> {
  const { db, client, chain } = options;
  // cacheTime 0: viem otherwise answers from a cache for a polling interval, and a pass would miss new blocks.
  const head = Number(await client.getBlockNumber({ cacheTime: 0 })) - (options.confirmations ?? 0);
  const cursor = await watchCursor(db, chain);
  const fromBlock = cursor === undefined ? Math.max(0, head - (options.initialLookbackBlocks ?? 100)) : cursor + 1;
  if (fromBlock > head) return undefined;
  const toBlock = Math.min(head, fromBlock + (options.maxBlocksPerPass ?? 100) - 1);
  const addresses = await trackedAddressesOn(db, chain);
  if (addresses.length === 0) {
    await recordActivity(db, chain, [], head);
    return { fromBlock, toBlock: head, stored: 0, enqueued: 0 };
  }
  const events = await scanEvmBlocks(client, {
    chain,
    nativeSymbol: options.nativeSymbol,
    addresses,
    fromBlock: BigInt(fromBlock),
    toBlock: BigInt(toBlock),
  });
  const { stored, enqueued } = await recordActivity(db, chain, events, toBlock);
  return { fromBlock, toBlock, stored, enqueued };
}
