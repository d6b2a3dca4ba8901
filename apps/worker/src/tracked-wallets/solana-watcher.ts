import { type Db, recordActivity, trackedAddressesOn, watchCursor } from '@svc/store';
import type { WatchPass } from './evm-watcher.js';
import type { SolanaRpcClient } from './solana-rpc.js';
import { type SolanaTransactionJson, solanaTransferEvents } from './solana-transfers.js';

export interface SolanaWatchOptions {
  readonly db: Db;
  readonly rpc: SolanaRpcClient;
  /** Live: 'finalized' (rolled-back slots never produce events); the sandbox finalizes at once. Default 'finalized'. */
  readonly commitment?: 'confirmed' | 'finalized';
  /** On the very first pass, how many slots before the head are scanned too. Default 100. */
  readonly initialLookbackSlots?: number;
}

const CHAIN = 'solana';
/** getSignaturesForAddress's page size (the node's maximum). */
const PAGE = 1000;

interface SignatureInfo {
  readonly signature: string;
  readonly slot: number;
  readonly err: unknown;
}

/** Successful signatures naming `address` in slots `fromSlot`..`toSlot`, paging back from the newest. */
async function signaturesOf(
  rpc: SolanaRpcClient,
  address: string,
  fromSlot: number,
  toSlot: number,
  commitment: string,
): Promise<SignatureInfo[]> {
  const found: SignatureInfo[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await rpc.call<SignatureInfo[]>('getSignaturesForAddress', [
      address,
      { limit: PAGE, commitment, ...(before ? { before } : {}) },
    ]);
    found.push(...page.filter((entry) => entry.slot >= fromSlot && entry.slot <= toSlot && !entry.err));
    const oldest = page.at(-1);
    if (page.length < PAGE || !oldest || oldest.slot < fromSlot) return found;
    before = oldest.signature;
  }
}

/**
 * One watcher pass over Solana: the slots after the stored cursor up to the head, read per tracked address
 * (getSignaturesForAddress, then getTransaction for each new signature), stored with their webhook deliveries and
 * the new cursor in one transaction (recordActivity), as the EVM watcher does with blocks. With nothing tracked the
 * cursor follows the head. Undefined when there is no new slot.
 */
export async function watchSolanaOnce(options: SolanaWatchOptions): Promise<WatchPass | undefined> {
  const { db, rpc } = options;
  const commitment = options.commitment ?? 'finalized';
  const head = await rpc.call<number>('getSlot', [{ commitment }]);
  const cursor = await watchCursor(db, CHAIN);
  const fromBlock = cursor === undefined ? Math.max(0, head - (options.initialLookbackSlots ?? 100)) : cursor + 1;
  if (fromBlock > head) return undefined;
  const addresses = await trackedAddressesOn(db, CHAIN);
  const signatures = new Map<string, number>();
  for (const address of addresses) {
    for (const { signature, slot } of await signaturesOf(rpc, address, fromBlock, head, commitment))
      signatures.set(signature, slot);
  }
  const tracked = new Set(addresses);
  const events = [];
  for (const [signature] of [...signatures].sort(([, a], [, b]) => a - b)) {
    const tx = await rpc.call<SolanaTransactionJson | null>('getTransaction', [
      signature,
      { encoding: 'json', commitment, maxSupportedTransactionVersion: 0 },
    ]);
    if (tx) events.push(...solanaTransferEvents(tx, tracked));
  }
  const { stored, enqueued } = await recordActivity(db, CHAIN, events, head);
  return { fromBlock, toBlock: head, stored, enqueued };
}
