/**
 * The sandbox NFT marketplace: an order book of real signed Seaport 1.6 orders for the sandbox chains' Seaport, and
 * the collections' figures from those chains' logs, answering in OpenSea API v2's shapes (the NftMarketplace port),
 * so the nftmkt tools run the same code against it as against OpenSea.
 *
 * An order is accepted only when Seaport itself computes the same hash (getOrderHash on chain) and its signature
 * recovers to its offerer under the deployed Seaport's EIP-712 domain. Whether an order is still fillable is read from
 * the chain (Seaport's getOrderStatus, the offerer's NFT) each time. Orders live in memory beside their chain's market:
 * a sandbox reset, which forgets the markets, forgets them too.
 */
import { ServiceError, invalidField } from '@svc/contracts';
import {
  OPENSEA_CHAIN_IDS,
  type OpenSeaApi,
  type OpenSeaChain,
  type OpenSeaEvent,
  type OpenSeaListing,
  type OpenSeaNft,
  type OpenSeaOrder,
  type OrderSide,
} from '@svc/providers';
import {
  ITEM_TYPE,
  SEAPORT_ABI,
  SEAPORT_CANCEL_TYPES,
  seaportDomain,
  seaportOrderHash,
  SEAPORT_ORDER_TYPES,
  orderMessage,
  type SignedOrder,
} from '@svc/chains';
import {
  SANDBOX_MARKETPLACE_FEE_PERCENT,
  SANDBOX_MARKETPLACE_FEE_RECIPIENT,
  type SandboxEvmMarket,
  type SandboxNftCollection,
} from '@svc/sandbox';
import {
  erc20Abi,
  formatUnits,
  getAddress,
  parseAbi,
  recoverTypedDataAddress,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { collectionSales, collectionTransfers, holdings, type NftSale } from './sandbox-nft-index.js';

const OWNER_ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
]);

interface BookEntry {
  readonly chain: OpenSeaChain;
  readonly side: OrderSide;
  readonly hash: Hex;
  readonly order: SignedOrder;
  readonly created: number;
  cancelledOffchain: boolean;
}

const CHAINS = Object.keys(OPENSEA_CHAIN_IDS) as OpenSeaChain[];
const kebab = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
/** A collection's slug: its name and chain (each chain's deployment is a collection of its own, as on OpenSea). */
export const sandboxCollectionSlug = (collection: SandboxNftCollection, chain: OpenSeaChain) =>
  `${kebab(collection.name)}-${chain}`;
const isNft = (itemType: number) => itemType === ITEM_TYPE.ERC721 || itemType === ITEM_TYPE.ERC1155;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Cursor pagination over an in-memory list: the cursor is the next offset. */
function page<T>(items: readonly T[], limit: number, next: string | undefined): { items: T[]; next: string | null } {
  const offset = next === undefined ? 0 : Number.parseInt(Buffer.from(next, 'base64url').toString(), 10);
  if (!Number.isInteger(offset) || offset < 0)
    throw invalidField('next', 'invalid_cursor', 'next is not a cursor of this list');
  const end = offset + limit;
  return {
    items: items.slice(offset, end),
    next: end < items.length ? Buffer.from(String(end)).toString('base64url') : null,
  };
}

export function sandboxNftMarketplace(evm: (chainId: number) => Promise<SandboxEvmMarket>): OpenSeaApi {
  const books = new WeakMap<SandboxEvmMarket, Map<Hex, BookEntry>>();
  const marketOf = async (chain: OpenSeaChain) => {
    const market = await evm(OPENSEA_CHAIN_IDS[chain]);
    if (!market.seaport) throw new ServiceError('internal', `no sandbox Seaport on ${chain}`);
    let book = books.get(market);
    if (!book) books.set(market, (book = new Map()));
    return { market, seaport: market.seaport, book };
  };
  const collectionBySlug = async (slug: string) => {
    const chain = CHAINS.find((candidate) => slug.endsWith(`-${candidate}`));
    const { market } = chain ? await marketOf(chain) : { market: undefined };
    const collection = market?.nfts.find((nft) => sandboxCollectionSlug(nft, chain!) === slug);
    if (!chain || !market || !collection)
      throw new ServiceError(
        'not_found',
        `no sandbox collection "${slug}" (slugs are <name>-<chain>, e.g. sandbox-punks-base)`,
      );
    return { chain, market, collection };
  };
  const readSeaport = <R>(market: SandboxEvmMarket, functionName: string, args: readonly unknown[]) =>
    market.chain.publicClient.readContract({
      address: market.seaport!.seaport,
      abi: SEAPORT_ABI,
      functionName: functionName as never,
      args: args as never,
    }) as Promise<R>;

  /** The NFT item of an order and its payment items (listings: consideration; offers: offer). */
  const partsOf = (entry: BookEntry) => {
    const { offer, consideration } = entry.order.parameters;
    const nft = (entry.side === 'listings' ? offer : consideration).find((item) => isNft(item.itemType))!;
    const payments = (entry.side === 'listings' ? consideration : offer).filter((item) => !isNft(item.itemType));
    const price = payments.reduce((sum, item) => sum + BigInt(item.startAmount), 0n);
    return { nft, payments, price, token: payments[0]?.token ?? zeroAddress };
  };

  /** Why an order cannot be filled now (undefined: it can). */
  const unfillable = async (market: SandboxEvmMarket, entry: BookEntry): Promise<string | undefined> => {
    if (entry.cancelledOffchain) return 'it was cancelled off-chain';
    if (Number(entry.order.parameters.endTime) <= nowSeconds()) return 'it has expired';
    const [, isCancelled, totalFilled] = await readSeaport<[boolean, boolean, bigint, bigint]>(
      market,
      'getOrderStatus',
      [entry.hash],
    );
    if (isCancelled) return 'it was cancelled on chain';
    if (totalFilled > 0n) return 'it has been filled';
    const counter = await readSeaport<bigint>(market, 'getCounter', [entry.order.parameters.offerer]);
    if (counter !== BigInt(entry.order.parameters.counter))
      return "its offerer's counter moved on (all their orders were cancelled)";
    if (entry.side === 'listings') {
      const { nft } = partsOf(entry);
      const offerer = entry.order.parameters.offerer;
      const held =
        nft.itemType === ITEM_TYPE.ERC721
          ? (await market.chain.publicClient
              .readContract({
                address: nft.token,
                abi: OWNER_ABI,
                functionName: 'ownerOf',
                args: [BigInt(nft.identifierOrCriteria)],
              })
              .catch(() => zeroAddress)) === offerer
            ? 1n
            : 0n
          : await market.chain.publicClient.readContract({
              address: nft.token,
              abi: OWNER_ABI,
              functionName: 'balanceOf',
              args: [offerer, BigInt(nft.identifierOrCriteria)],
            });
      if (held < BigInt(nft.startAmount)) return 'its offerer no longer holds the NFT';
    }
    return undefined;
  };

  const openSeaOrder = async (market: SandboxEvmMarket, entry: BookEntry): Promise<OpenSeaOrder> => {
    const { nft, price } = partsOf(entry);
    const [, isCancelled, totalFilled] = await readSeaport<[boolean, boolean, bigint, bigint]>(
      market,
      'getOrderStatus',
      [entry.hash],
    );
    const { parameters } = entry.order;
    return {
      created_date: iso(entry.created),
      closing_date: iso(Number(parameters.endTime)),
      listing_time: Number(parameters.startTime),
      expiration_time: Number(parameters.endTime),
      order_hash: entry.hash,
      protocol_data: entry.order,
      protocol_address: market.seaport!.seaport,
      current_price: price.toString(),
      maker: { address: parameters.offerer },
      taker: null,
      side: entry.side === 'listings' ? 'ask' : 'bid',
      order_type: 'basic',
      cancelled: isCancelled || entry.cancelledOffchain,
      finalized: totalFilled > 0n,
      marked_invalid: false,
      remaining_quantity: totalFilled > 0n ? 0 : Number(nft.startAmount),
    };
  };

  /** The fillable orders of one side, filtered, cheapest listing or highest offer first. */
  const activeOrders = async (
    chain: OpenSeaChain,
    side: OrderSide,
    matches: (nft: { token: Address; identifierOrCriteria: string }) => boolean,
  ) => {
    const { market, book } = await marketOf(chain);
    const candidates = [...book.values()].filter((entry) => entry.side === side && matches(partsOf(entry).nft));
    const live: BookEntry[] = [];
    for (const entry of candidates) if ((await unfillable(market, entry)) === undefined) live.push(entry);
    live.sort((a, b) => {
      const [pa, pb] = [partsOf(a).price, partsOf(b).price];
      return side === 'listings' ? (pa < pb ? -1 : pa > pb ? 1 : 0) : pa > pb ? -1 : pa < pb ? 1 : 0;
    });
    return { market, live };
  };

  const tokenInfo = async (market: SandboxEvmMarket, token: Address) => {
    if (token === zeroAddress) return { symbol: market.tokens[0]!.symbol, decimals: 18 };
    const known = market.token(token);
    if (known) return { symbol: known.symbol, decimals: known.decimals };
    const read = (functionName: 'symbol' | 'decimals') =>
      market.chain.publicClient.readContract({ address: token, abi: erc20Abi, functionName });
    return { symbol: String(await read('symbol')), decimals: Number(await read('decimals')) };
  };
  /** `atomic` of `token` in the chain's native coin (the unit OpenSea's collection figures are in). */
  const inNative = async (market: SandboxEvmMarket, token: Address, atomic: bigint) => {
    const { symbol, decimals } = await tokenInfo(market, token);
    const amount = Number(formatUnits(atomic, decimals));
    if (token === zeroAddress || market.token(token)?.kind === 'wrapped') return amount;
    const [price, native] = await Promise.all([
      market.tokenPriceUsd(symbol),
      market.tokenPriceUsd(market.tokens[0]!.symbol),
    ]);
    return (amount * price) / native;
  };

  const nftOf = (collection: SandboxNftCollection, chain: OpenSeaChain, tokenId: bigint): OpenSeaNft => ({
    identifier: tokenId.toString(),
    collection: sandboxCollectionSlug(collection, chain),
    contract: collection.address,
    token_standard: collection.standard.toLowerCase(),
    name: `${collection.name} #${tokenId}`,
    description: null,
    image_url: null,
    metadata_url: null,
    updated_at: new Date().toISOString(),
    is_disabled: false,
    is_nsfw: false,
  });

  const statsOf = async (chain: OpenSeaChain, market: SandboxEvmMarket, collection: SandboxNftCollection) => {
    const [sales, transfers, { live }] = await Promise.all([
      collectionSales(market, collection),
      collectionTransfers(market, collection),
      activeOrders(chain, 'listings', (nft) => nft.token === collection.address),
    ]);
    const priced = await Promise.all(
      sales.map(async (sale) => ({ sale, native: await inNative(market, sale.paymentToken, sale.price) })),
    );
    const floors = await Promise.all(live.map((entry) => inNative(market, partsOf(entry).token, partsOf(entry).price)));
    const floor = floors.length > 0 ? Math.min(...floors) : 0;
    const owners = holdings(transfers);
    const supply = transfers.filter((t) => t.from === zeroAddress).reduce((sum, t) => sum + t.quantity, 0n);
    const window = (seconds: number) => {
      const inWindow = priced.filter(({ sale }) => sale.time > nowSeconds() - seconds);
      const before = priced.filter(
        ({ sale }) => sale.time <= nowSeconds() - seconds && sale.time > nowSeconds() - 2 * seconds,
      );
      const volume = inWindow.reduce((sum, { native }) => sum + native, 0);
      const previous = before.reduce((sum, { native }) => sum + native, 0);
      return {
        volume,
        volume_diff: volume - previous,
        volume_change: previous > 0 ? (volume - previous) / previous : 0,
        sales: inWindow.length,
        sales_diff: inWindow.length - before.length,
        average_price: inWindow.length > 0 ? volume / inWindow.length : 0,
      };
    };
    const volume = priced.reduce((sum, { native }) => sum + native, 0);
    return {
      sales,
      transfers,
      stats: {
        total: {
          volume,
          sales: sales.length,
          average_price: sales.length > 0 ? volume / sales.length : 0,
          num_owners: owners.size,
          market_cap: floor * Number(supply),
          floor_price: floor,
          floor_price_symbol: market.tokens[0]!.symbol,
        },
        intervals: [
          { interval: 'one_day', ...window(86_400) },
          { interval: 'seven_day', ...window(7 * 86_400) },
          { interval: 'thirty_day', ...window(30 * 86_400) },
        ],
      },
      window,
    };
  };

  const saleEvent = async (
    chain: OpenSeaChain,
    market: SandboxEvmMarket,
    collection: SandboxNftCollection,
    sale: NftSale,
  ): Promise<OpenSeaEvent> => {
    const { symbol, decimals } = await tokenInfo(market, sale.paymentToken);
    return {
      event_type: 'sale',
      event_timestamp: sale.time,
      chain,
      transaction: sale.transaction,
      order_hash: sale.orderHash,
      protocol_address: market.seaport!.seaport,
      closing_date: sale.time,
      nft: nftOf(collection, chain, sale.tokenId),
      quantity: Number(sale.quantity),
      seller: sale.seller,
      buyer: sale.buyer,
      payment: { quantity: sale.price.toString(), token_address: sale.paymentToken, decimals, symbol },
    };
  };

  return {
    async venue(chain) {
      const { market, seaport } = await marketOf(chain);
      return {
        protocolAddress: seaport.seaport,
        conduitKey: seaport.conduitKey,
        offerToken: market.wrappedNative.address!,
        // No zone co-signs sandbox fills: the off-chain cancel only stops this order book serving the order.
        signedZone: null,
      };
    },

    async order(chain, protocolAddress, orderHash) {
      const { market, seaport, book } = await marketOf(chain);
      const entry = book.get(orderHash);
      if (!entry || getAddress(protocolAddress) !== seaport.seaport)
        throw new ServiceError('not_found', `no order ${orderHash} on ${chain} for protocol ${protocolAddress}`);
      return { order: await openSeaOrder(market, entry) };
    },

    async orders(chain, side, query) {
      const { market, live } = await activeOrders(
        chain,
        side,
        (nft) => nft.token === getAddress(query.contract) && nft.identifierOrCriteria === query.tokenId,
      );
      const { items, next } = page(live, query.limit, query.next);
      return { orders: await Promise.all(items.map((entry) => openSeaOrder(market, entry))), next, previous: null };
    },

    async bestListings(slug, query) {
      const { chain, collection } = await collectionBySlug(slug);
      const { market, live } = await activeOrders(chain, 'listings', (nft) => nft.token === collection.address);
      const { items, next } = page(live, query.limit, query.next);
      const listings: OpenSeaListing[] = await Promise.all(
        items.map(async (entry) => {
          const { price, token, nft } = partsOf(entry);
          const { symbol, decimals } = await tokenInfo(market, token);
          return {
            order_hash: entry.hash,
            chain,
            type: 'basic',
            price: { current: { currency: symbol, decimals, value: price.toString() } },
            protocol_data: entry.order,
            protocol_address: market.seaport!.seaport,
            remaining_quantity: Number(nft.startAmount),
          };
        }),
      );
      return { listings, next };
    },

    async postOrder(chain, side, signed) {
      const { market, seaport, book } = await marketOf(chain);
      if (getAddress(signed.protocol_address) !== seaport.seaport)
        throw invalidField(
          'protocolAddress',
          'unknown_protocol',
          `orders on ${chain} go to Seaport ${seaport.seaport}`,
        );
      const { parameters, signature } = signed;
      const hash = seaportOrderHash(parameters);
      const onChain = await readSeaport<Hex>(market, 'getOrderHash', [orderMessage(parameters)]);
      if (onChain !== hash) throw new ServiceError('internal', `Seaport hashes the order ${onChain}, not ${hash}`);
      const signer = await recoverTypedDataAddress({
        domain: seaportDomain(OPENSEA_CHAIN_IDS[chain], seaport.seaport),
        types: SEAPORT_ORDER_TYPES,
        primaryType: 'OrderComponents',
        message: orderMessage(parameters),
        signature,
      });
      if (signer !== getAddress(parameters.offerer))
        throw invalidField('signature', 'invalid_signature', `the order is signed by ${signer}, not its offerer`);
      const entry: BookEntry = {
        chain,
        side,
        hash,
        order: { parameters, signature },
        created: nowSeconds(),
        cancelledOffchain: false,
      };
      const nfts = (side === 'listings' ? parameters.offer : parameters.consideration).filter((item) =>
        isNft(item.itemType),
      );
      if (nfts.length !== 1)
        throw invalidField(
          'order',
          'not_one_nft',
          `a ${side} order must ${side === 'listings' ? 'offer' : 'ask for'} exactly one NFT item`,
        );
      if (!book.has(hash)) book.set(hash, entry);
      return { order: await openSeaOrder(market, book.get(hash)!) };
    },

    async fulfillmentData(side, target, fulfiller) {
      const { market, seaport, book } = await marketOf(target.chain);
      const entry = book.get(target.hash);
      if (!entry || entry.side !== side || getAddress(target.protocol_address) !== seaport.seaport)
        throw new ServiceError(
          'not_found',
          `no ${side === 'listings' ? 'listing' : 'offer'} ${target.hash} on ${target.chain}`,
        );
      const why = await unfillable(market, entry);
      if (why) throw invalidField('orderHash', 'not_fillable', `order ${target.hash} cannot be filled: ${why}`);
      const { parameters, signature } = entry.order;
      const { counter: _counter, ...withoutCounter } = parameters;
      const value = parameters.consideration
        .filter((item) => item.itemType === ITEM_TYPE.NATIVE)
        .reduce((sum, item) => sum + BigInt(item.startAmount), 0n);
      return {
        protocol: 'seaport1.6',
        fulfillment_data: {
          transaction: {
            function:
              'fulfillAdvancedOrder(((address,address,(uint8,address,uint256,uint256,uint256)[],(uint8,address,uint256,uint256,uint256,address)[],uint8,uint256,uint256,bytes32,uint256,bytes32,uint256),uint120,uint120,bytes,bytes),(uint256,uint8,uint256,uint256,bytes32[])[],bytes32,address)',
            chain: OPENSEA_CHAIN_IDS[target.chain],
            to: seaport.seaport,
            value: value.toString(),
            input_data: {
              advancedOrder: {
                parameters: { ...withoutCounter, totalOriginalConsiderationItems: parameters.consideration.length },
                numerator: 1,
                denominator: 1,
                signature,
                extraData: '0x',
              },
              criteriaResolvers: [],
              fulfillerConduitKey: seaport.conduitKey,
              recipient: getAddress(fulfiller),
            },
          },
          orders: [entry.order],
        },
      };
    },

    async cancelOrder(chain, protocolAddress, orderHash, offererSignature) {
      const { seaport, book } = await marketOf(chain);
      const entry = book.get(orderHash);
      if (!entry || getAddress(protocolAddress) !== seaport.seaport)
        throw new ServiceError('not_found', `no order ${orderHash} on ${chain}`);
      // As OpenSea: only the offerer's signature of the order hash cancels it.
      const signer = await recoverTypedDataAddress({
        domain: seaportDomain(OPENSEA_CHAIN_IDS[chain], seaport.seaport),
        types: SEAPORT_CANCEL_TYPES,
        primaryType: 'OrderHash',
        message: { orderHash },
        signature: offererSignature,
      });
      if (signer !== getAddress(entry.order.parameters.offerer))
        throw new ServiceError('not_holder', `the cancel of ${orderHash} is signed by ${signer}, not its offerer`);
      entry.cancelledOffchain = true;
      return { last_signature_issued_valid_until: null };
    },

    async accountNfts(chain, address, query) {
      const { market } = await marketOf(chain);
      const owner = getAddress(address);
      const nfts: OpenSeaNft[] = [];
      for (const collection of market.nfts) {
        if (query.collection && query.collection !== sandboxCollectionSlug(collection, chain)) continue;
        const held = holdings(await collectionTransfers(market, collection)).get(owner);
        for (const tokenId of [...(held?.keys() ?? [])].sort((a, b) => (a < b ? -1 : 1)))
          nfts.push(nftOf(collection, chain, tokenId));
      }
      const { items, next } = page(nfts, query.limit, query.next);
      return { nfts: items, next };
    },

    async collectionStats(slug) {
      const { chain, market, collection } = await collectionBySlug(slug);
      return (await statsOf(chain, market, collection)).stats;
    },

    async collectionEvents(slug, query) {
      const { chain, market, collection } = await collectionBySlug(slug);
      const { book } = await marketOf(chain);
      const { sales, transfers } = await statsOf(chain, market, collection);
      const saleTransactions = new Set(sales.map((sale) => sale.transaction));
      const events: OpenSeaEvent[] = [
        ...(await Promise.all(sales.map((sale) => saleEvent(chain, market, collection, sale)))),
        ...transfers
          .filter((transfer) => !saleTransactions.has(transfer.transaction))
          .map((transfer) => ({
            event_type: transfer.from === zeroAddress ? 'mint' : 'transfer',
            event_timestamp: transfer.time,
            chain,
            transaction: transfer.transaction,
            from_address: transfer.from,
            to_address: transfer.to,
            quantity: Number(transfer.quantity),
            nft: nftOf(collection, chain, transfer.tokenId),
          })),
        ...(await Promise.all(
          [...book.values()]
            .filter((entry) => partsOf(entry).nft.token === collection.address)
            .map(async (entry) => {
              const { price, token, nft } = partsOf(entry);
              const { symbol, decimals } = await tokenInfo(market, token);
              return {
                event_type: entry.side === 'listings' ? 'listing' : 'offer',
                event_timestamp: entry.created,
                chain,
                order_hash: entry.hash,
                maker: entry.order.parameters.offerer,
                quantity: Number(nft.startAmount),
                start_date: Number(entry.order.parameters.startTime),
                expiration_date: Number(entry.order.parameters.endTime),
                nft: nftOf(collection, chain, BigInt(nft.identifierOrCriteria)),
                payment: { quantity: price.toString(), token_address: token, decimals, symbol },
              };
            }),
        )),
      ]
        .filter((event) => query.eventType === undefined || event.event_type === query.eventType)
        .filter((event) => query.after === undefined || event.event_timestamp > query.after)
        .filter((event) => query.before === undefined || event.event_timestamp < query.before)
        .sort((a, b) => b.event_timestamp - a.event_timestamp);
      const { items, next } = page(events, query.limit, query.next);
      return { asset_events: items, next };
    },

    async trendingCollections(query) {
      const seconds: Record<string, number> = {
        one_minute: 60,
        five_minutes: 300,
        fifteen_minutes: 900,
        one_hour: 3600,
        one_day: 86_400,
        seven_days: 7 * 86_400,
        thirty_days: 30 * 86_400,
        one_year: 365 * 86_400,
        all_time: Number.MAX_SAFE_INTEGER,
      };
      const ranked = [];
      for (const chain of query.chain ? [query.chain] : CHAINS) {
        const { market } = await marketOf(chain);
        for (const collection of market.nfts) {
          const { stats, window } = await statsOf(chain, market, collection);
          const recent = window(seconds[query.timeframe] ?? 86_400);
          ranked.push({
            collection: sandboxCollectionSlug(collection, chain),
            name: collection.name,
            category: 'pfps',
            contracts: [{ address: collection.address, chain }],
            floor_price: stats.total.floor_price,
            floor_price_symbol: stats.total.floor_price_symbol,
            volume: recent.volume,
            sales: recent.sales,
            num_owners: stats.total.num_owners,
          });
        }
      }
      ranked.sort((a, b) => b.volume - a.volume || b.sales - a.sales || a.collection.localeCompare(b.collection));
      const filtered = query.category ? ranked.filter((entry) => entry.category === query.category) : ranked;
      const { items, next } = page(filtered, query.limit, query.next);
      return { collections: items, next };
    },

    async contract(chain, address) {
      const { market } = await marketOf(chain);
      const collection = market.nfts.find((nft) => nft.address === getAddress(address));
      if (!collection) throw new ServiceError('not_found', `no sandbox collection at ${address} on ${chain}`);
      return {
        address: collection.address,
        chain,
        collection: sandboxCollectionSlug(collection, chain),
        contract_standard: collection.standard.toLowerCase(),
        name: collection.name,
      };
    },

    async collection(slug) {
      const { chain, collection } = await collectionBySlug(slug);
      return {
        collection: slug,
        name: collection.name,
        contracts: [{ address: collection.address, chain }],
        fees: [{ fee: SANDBOX_MARKETPLACE_FEE_PERCENT, recipient: SANDBOX_MARKETPLACE_FEE_RECIPIENT, required: true }],
      };
    },
  };
}
