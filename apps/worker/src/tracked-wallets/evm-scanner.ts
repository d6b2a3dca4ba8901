import type { NewActivityEvent } from '@svc/store';
import { type Block, type Hex, numberToHex, pad, type PublicClient, type Transaction } from 'viem';
import type { ActivityKind, TransferDetails } from './event-kinds.js';

/** keccak256("Transfer(address,address,uint256)"): ERC-20 (and ERC-721, told apart by topic count). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Addresses per eth_getLogs topic filter: RPC providers cap request sizes. */
const ADDRESSES_PER_FILTER = 200;
/** Blocks fetched at once. */
const BLOCK_CONCURRENCY = 8;

type RawLog = {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  removed?: boolean;
};

export interface EvmScan {
  readonly chain: string;
  readonly nativeSymbol: string;
  /** Tracked addresses, lower-case. */
  readonly addresses: readonly string[];
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
}

const topicAddress = (topic: Hex) => `0x${topic.slice(26)}`.toLowerCase();
const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Where a transfer happened on chain. */
type Position = Pick<NewActivityEvent, 'txHash' | 'logIndex' | 'blockNumber' | 'occurredAt'>;

/** One event per tracked side of a transfer: `_out` for a tracked sender, `_in` for a tracked recipient. */
function sides(
  scan: EvmScan,
  tracked: ReadonlySet<string>,
  position: Position,
  details: TransferDetails,
  asset: 'native' | 'token',
): NewActivityEvent[] {
  const events: NewActivityEvent[] = [];
  const add = (address: string, direction: 'in' | 'out') =>
    events.push({
      ...position,
      chain: scan.chain,
      address,
      kind: `${asset}_transfer_${direction}` satisfies ActivityKind,
      details: { ...details },
    });
  if (tracked.has(details.from)) add(details.from, 'out');
  if (tracked.has(details.to)) add(details.to, 'in');
  return events;
}

async function blocksOf(client: PublicClient, scan: EvmScan): Promise<Block<bigint, true>[]> {
  const numbers: bigint[] = [];
  for (let n = scan.fromBlock; n <= scan.toBlock; n += 1n) numbers.push(n);
  const blocks: Block<bigint, true>[] = [];
  for (const batch of chunks(numbers, BLOCK_CONCURRENCY)) {
    blocks.push(
      ...(await Promise.all(batch.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })))),
    );
  }
  return blocks;
}

async function nativeTransfers(
  client: PublicClient,
  scan: EvmScan,
  tracked: ReadonlySet<string>,
  blocks: readonly Block<bigint, true>[],
): Promise<NewActivityEvent[]> {
  const candidates: { tx: Transaction; block: Block<bigint, true> }[] = [];
  for (const block of blocks) {
    for (const tx of block.transactions) {
      if (tx.value > 0n && (tracked.has(tx.from.toLowerCase()) || (tx.to && tracked.has(tx.to.toLowerCase()))))
        candidates.push({ tx, block });
    }
  }
  const events: NewActivityEvent[] = [];
  for (const { tx, block } of candidates) {
    // A reverted transaction moved no value; only these few matches need their receipt.
    if ((await client.getTransactionReceipt({ hash: tx.hash })).status !== 'success') continue;
    const details: TransferDetails = {
      from: tx.from.toLowerCase(),
      to: (tx.to ?? '').toLowerCase(),
      asset: { type: 'native', symbol: scan.nativeSymbol, decimals: 18 },
      amount: tx.value.toString(),
    };
    events.push(
      ...sides(
        scan,
        tracked,
        {
          txHash: tx.hash,
          logIndex: null,
          blockNumber: Number(block.number),
          occurredAt: new Date(Number(block.timestamp) * 1000),
        },
        details,
        'native',
      ),
    );
  }
  return events;
}

async function transferLogs(client: PublicClient, scan: EvmScan): Promise<RawLog[]> {
  const range = { fromBlock: numberToHex(scan.fromBlock), toBlock: numberToHex(scan.toBlock) };
  const logs = new Map<string, RawLog>();
  for (const group of chunks(scan.addresses, ADDRESSES_PER_FILTER)) {
    const topics = group.map((address) => pad(address as Hex, { size: 32 }));
    // Two filters: tracked as sender (topic 1), tracked as recipient (topic 2). A log matching both is kept once.
    for (const filter of [
      [TRANSFER_TOPIC, topics],
      [TRANSFER_TOPIC, null, topics],
    ]) {
      const found: RawLog[] = await client.request({
        method: 'eth_getLogs',
        params: [{ ...range, topics: filter as never }],
      });
      for (const log of found) logs.set(`${log.transactionHash}:${log.logIndex}`, log);
    }
  }
  // ERC-20 Transfer: from and to indexed, the value in data. ERC-721 indexes its token id as a fourth topic.
  return [...logs.values()].filter((log) => !log.removed && log.topics.length === 3 && log.data.length === 66);
}

/**
 * The transfers touching tracked addresses in blocks `fromBlock`..`toBlock`: native value transfers found by
 * reading each block's transactions, ERC-20 transfers by `eth_getLogs` filtered on the tracked addresses.
 */
export async function scanEvmBlocks(client: PublicClient, scan: EvmScan): Promise<NewActivityEvent[]> {
  const tracked = new Set(scan.addresses);
  const blocks = await blocksOf(client, scan);
  const timestamps = new Map(blocks.map((block) => [block.number, new Date(Number(block.timestamp) * 1000)]));
  const events = await nativeTransfers(client, scan, tracked, blocks);
  for (const log of await transferLogs(client, scan)) {
    const blockNumber = BigInt(log.blockNumber);
    const details: TransferDetails = {
      from: topicAddress(log.topics[1]!),
      to: topicAddress(log.topics[2]!),
      asset: { type: 'erc20', contract: log.address.toLowerCase() },
      amount: BigInt(log.data).toString(),
    };
    const position = {
      txHash: log.transactionHash,
      logIndex: Number(BigInt(log.logIndex)),
      blockNumber: Number(blockNumber),
      occurredAt: timestamps.get(blockNumber) ?? new Date(),
    };
    events.push(...sides(scan, tracked, position, details, 'token'));
  }
  return events;
}
