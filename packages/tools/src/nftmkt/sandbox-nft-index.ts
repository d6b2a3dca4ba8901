/**
 * What the sandbox chains say about their NFT collections, read from their logs (a sandbox chain is young and local,
 * so every read scans from the genesis block): holders from the collections' transfer events, sales from Seaport's
 * OrderFulfilled events, each with its block's time.
 */
import type { SandboxEvmMarket, SandboxNftCollection } from '@svc/sandbox';
import { ITEM_TYPE, SEAPORT_ABI } from '@svc/chains';
import { parseAbi, zeroAddress, type Address, type Hash } from 'viem';

const NFT_EVENTS = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);

export interface NftTransfer {
  readonly from: Address;
  readonly to: Address;
  readonly tokenId: bigint;
  readonly quantity: bigint;
  readonly transaction: Hash;
  readonly time: number;
}

export interface NftSale {
  readonly orderHash: Hash;
  readonly seller: Address;
  readonly buyer: Address;
  readonly tokenId: bigint;
  readonly quantity: bigint;
  /** What the buyer paid in all (fees included), in `paymentToken` atomic units (zero address: the native coin). */
  readonly price: bigint;
  readonly paymentToken: Address;
  readonly transaction: Hash;
  readonly time: number;
}

/** Block times, kept per market (blocks never change). */
const blockTimes = new WeakMap<SandboxEvmMarket, Map<bigint, number>>();

async function timeOf(market: SandboxEvmMarket, block: bigint): Promise<number> {
  let times = blockTimes.get(market);
  if (!times) blockTimes.set(market, (times = new Map()));
  const known = times.get(block);
  if (known !== undefined) return known;
  const { timestamp } = await market.chain.publicClient.getBlock({ blockNumber: block });
  times.set(block, Number(timestamp));
  return Number(timestamp);
}

/** Every transfer (mints from the zero address) of `collection`, oldest first. */
export async function collectionTransfers(
  market: SandboxEvmMarket,
  collection: SandboxNftCollection,
): Promise<NftTransfer[]> {
  const logs = await market.chain.publicClient.getLogs({
    address: collection.address,
    events: NFT_EVENTS,
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const transfers: NftTransfer[] = [];
  for (const log of logs) {
    const time = await timeOf(market, log.blockNumber);
    const base = { transaction: log.transactionHash, time };
    if (log.eventName === 'Transfer') {
      transfers.push({ ...base, from: log.args.from!, to: log.args.to!, tokenId: log.args.tokenId!, quantity: 1n });
    } else if (log.eventName === 'TransferSingle') {
      transfers.push({
        ...base,
        from: log.args.from!,
        to: log.args.to!,
        tokenId: log.args.id!,
        quantity: log.args.value!,
      });
    } else {
      log.args.ids!.forEach((id, index) =>
        transfers.push({
          ...base,
          from: log.args.from!,
          to: log.args.to!,
          tokenId: id,
          quantity: log.args.values![index]!,
        }),
      );
    }
  }
  return transfers;
}

/** Current holdings of `collection`: owner → token id → quantity (positive only). */
export function holdings(transfers: readonly NftTransfer[]): Map<Address, Map<bigint, bigint>> {
  const owners = new Map<Address, Map<bigint, bigint>>();
  const add = (owner: Address, tokenId: bigint, delta: bigint) => {
    if (owner === zeroAddress) return;
    const tokens = owners.get(owner) ?? new Map<bigint, bigint>();
    const next = (tokens.get(tokenId) ?? 0n) + delta;
    if (next === 0n) tokens.delete(tokenId);
    else tokens.set(tokenId, next);
    if (tokens.size === 0) owners.delete(owner);
    else owners.set(owner, tokens);
  };
  for (const transfer of transfers) {
    add(transfer.from, transfer.tokenId, -transfer.quantity);
    add(transfer.to, transfer.tokenId, transfer.quantity);
  }
  return owners;
}

const isNft = (itemType: number) => itemType === ITEM_TYPE.ERC721 || itemType === ITEM_TYPE.ERC1155;

/**
 * The sales of `collection` through the chain's Seaport, oldest first: a listing filled (the NFT among the order's
 * offer: the offerer sold to the recipient) or an offer accepted (the NFT among its consideration: the offerer bought).
 * The price is every payment item of the order: what the buyer gave up, fees included.
 */
export async function collectionSales(market: SandboxEvmMarket, collection: SandboxNftCollection): Promise<NftSale[]> {
  if (!market.seaport) return [];
  const logs = await market.chain.publicClient.getLogs({
    address: market.seaport.seaport,
    event: SEAPORT_ABI.find((item) => item.type === 'event' && item.name === 'OrderFulfilled') as never,
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const sales: NftSale[] = [];
  for (const log of logs as unknown as {
    args: {
      orderHash: Hash;
      offerer: Address;
      recipient: Address;
      offer: readonly { itemType: number; token: Address; identifier: bigint; amount: bigint }[];
      consideration: readonly {
        itemType: number;
        token: Address;
        identifier: bigint;
        amount: bigint;
        recipient: Address;
      }[];
    };
    blockNumber: bigint;
    transactionHash: Hash;
  }[]) {
    const { orderHash, offerer, recipient, offer, consideration } = log.args;
    const sold = offer.find((item) => isNft(item.itemType) && item.token === collection.address);
    const bought = consideration.find((item) => isNft(item.itemType) && item.token === collection.address);
    const nft = sold ?? bought;
    if (!nft) continue;
    const payments = (sold ? consideration : offer).filter((item) => !isNft(item.itemType));
    sales.push({
      orderHash,
      seller: sold ? offerer : recipient,
      buyer: sold ? recipient : offerer,
      tokenId: nft.identifier,
      quantity: nft.amount,
      price: payments.reduce((sum, item) => sum + item.amount, 0n),
      paymentToken: payments[0]?.token ?? zeroAddress,
      transaction: log.transactionHash,
      time: await timeOf(market, log.blockNumber),
    });
  }
  return sales;
}
