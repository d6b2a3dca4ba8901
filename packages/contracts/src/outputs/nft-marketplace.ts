import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The NFT marketplace tools' answers. The reads are OpenSea API v2 bodies (the sandbox order book answers in the same
 * shapes) with the chain or collection asked for beside them; the writes answer what they signed and sent. Objects
 * are open: OpenSea sends many more fields than these.
 */

const HASH = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const ADDRESS = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const CURSOR = z.string().nullable().optional();

/** A signed Seaport order as OpenSea carries it (`protocol_data`). */
const signedOrder = z.object({
  parameters: z.object({
    offerer: ADDRESS,
    offer: z.array(z.object({})),
    consideration: z.array(z.object({})),
    startTime: z.union([z.string(), z.number()]),
    endTime: z.union([z.string(), z.number()]),
    conduitKey: z.string(),
  }),
  signature: z.string(),
});

const order = z.object({
  order_hash: HASH,
  protocol_address: ADDRESS,
  protocol_data: signedOrder,
  current_price: z.string(),
  maker: z.object({ address: ADDRESS }),
  side: z.string(),
  cancelled: z.boolean(),
  finalized: z.boolean(),
  expiration_time: z.number(),
});

const orderPage = z.object({
  chain: z.string(),
  contractAddress: ADDRESS,
  tokenId: z.string(),
  orders: z.array(order),
  next: CURSOR,
});

const placed = z.object({
  chain: z.string(),
  side: z.enum(['listing', 'offer']),
  orderHash: HASH,
  protocolAddress: ADDRESS,
  maker: ADDRESS,
  contractAddress: ADDRESS,
  tokenId: z.string(),
  tokenStandard: z.enum(['ERC721', 'ERC1155']),
  quantity: z.number().int(),
  price: z.string(),
  priceAtomic: z.string(),
  feesAtomic: z.string(),
  paymentToken: z.object({ address: ADDRESS, symbol: z.string(), decimals: z.number().int() }),
  expirationTime: z.number().int(),
  approvalTxHash: HASH.nullable(),
  order,
});

export const NFT_MARKETPLACE_OUTPUTS: ToolOutputs = {
  nftmktListNFT: placed,
  nftmktCreateNFTOffer: placed,
  nftmktFulfillNFTOrder: z.object({
    chain: z.string(),
    side: z.enum(['listing', 'offer']),
    orderHash: HASH,
    protocolAddress: ADDRESS,
    txHash: HASH,
    fulfiller: ADDRESS,
    recipient: ADDRESS,
    nft: z.object({ contractAddress: ADDRESS, tokenId: z.string(), quantity: z.number().int() }).nullable(),
    approvalTxHashes: z.array(HASH),
  }),
  nftmktCancelNFTOrder: z.object({
    chain: z.string(),
    orderHash: HASH,
    protocolAddress: ADDRESS,
    method: z.enum(['onchain', 'offchain']),
    txHash: HASH.nullable(),
    cancelled: z.literal(true),
    /** true: an off-chain cancel left the order's signature fillable on Seaport by anyone holding it. */
    signatureValidOnChain: z.boolean(),
    note: z.string().nullable(),
  }),
  nftmktTransferNFT: z.object({
    chain: z.string(),
    chainId: z.number().int(),
    txHash: HASH,
    from: ADDRESS,
    to: ADDRESS,
    tokenAddress: ADDRESS,
    tokenId: z.string(),
    tokenStandard: z.enum(['ERC721', 'ERC1155']),
    quantity: z.number().int(),
  }),
  nftmktGetNFTListings: orderPage,
  nftmktGetNFTOffers: orderPage,
  nftmktGetMyNFTs: z.object({
    address: ADDRESS,
    nfts: z.array(
      z.object({
        chain: z.string(),
        identifier: z.string(),
        collection: z.string(),
        contract: ADDRESS,
        token_standard: z.string(),
      }),
    ),
    next: CURSOR,
  }),
  nftmktGetTrendingCollections: z.object({
    timeframe: z.string(),
    collections: z.array(z.object({ collection: z.string(), name: z.string() })),
    next: CURSOR,
  }),
  nftmktGetCollectionStats: z.object({
    collectionSlug: z.string(),
    total: z.object({
      volume: z.number(),
      sales: z.number(),
      average_price: z.number(),
      num_owners: z.number(),
      floor_price: z.number(),
    }),
    intervals: z.array(z.object({ interval: z.string(), volume: z.number(), sales: z.number() })),
  }),
  nftmktGetCollectionActivity: z.object({
    collectionSlug: z.string(),
    asset_events: z.array(z.object({ event_type: z.string(), event_timestamp: z.number(), chain: z.string() })),
    next: CURSOR,
  }),
  nftmktGetBestListings: z.object({
    collectionSlug: z.string(),
    listings: z.array(
      z.object({
        order_hash: HASH,
        chain: z.string(),
        price: z.object({ current: z.object({ currency: z.string(), decimals: z.number(), value: z.string() }) }),
        protocol_data: signedOrder,
        protocol_address: ADDRESS,
      }),
    ),
    next: CURSOR,
  }),
};
