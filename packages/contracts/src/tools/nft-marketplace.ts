import { z } from 'zod';
import { BYTES32, EVMADDR, POSDEC, body } from '../formats.js';
import { defineTool, MOVES_FUNDS } from '../types.js';

/**
 * NFT marketplace tools. The spec lists these by name only, so the bodies are designed from the real product behind
 * the `nftmkt` stand-in: the OpenSea API v2 (`https://api.opensea.io/api/v2`) with Seaport 1.6 orders. Each tool's
 * description names the endpoint it maps to. Prices are not shown: the `nft-marketplace` family default applies.
 *
 * Identity: the writes (list, offer, fulfil, cancel, transfer) sign with the caller's wallet and the caller's own
 * NFTs are account data, so those are identity-gated; public market reads are open.
 */

/**
 * Chains: OpenSea's supported chains restricted to the chains this service covers. Included: ethereum, base,
 * polygon (OpenSea's current identifier; older API versions spelled it `matic`). Excluded: bsc (OpenSea stopped
 * accepting new listings and offers for BNB Smart Chain NFTs) and altchain (chain 4663 is not among OpenSea's chains).
 */
export const NFTMKT_CHAIN = z.enum(['ethereum', 'base', 'polygon']);

/** The Seaport 1.6 contract, OpenSea's default order protocol address on every supported chain. */
export const SEAPORT_1_6 = '0x0000000000000068F116a894984e2DB1123eB395';

/** NFT token id: a uint256 as a decimal string. */
const tokenId = z.string().regex(/^\d{1,78}$/, 'must be a token id as a decimal string (digits only)');
/** An OpenSea collection slug (the last path segment of the collection page URL). */
const collectionSlug = z.string().min(1);
/** Opaque pagination cursor returned as `next` by the previous page. */
const next = z.string().min(1).optional();
/** Seaport order hash (32 bytes). */
const orderHash = BYTES32;
const protocolAddress = EVMADDR.default(SEAPORT_1_6);
/** Units of an ERC-1155 token; always 1 for ERC-721. */
const quantity = z.number().int().min(1).default(1);
/** Order lifetime in whole days from now (OpenSea's own UI offers up to six months). */
const expirationDays = z.number().int().min(1).max(180).default(30);

/** The NFT a tool acts on: its chain, contract and token id. */
const NFT_FIELDS = { chain: NFTMKT_CHAIN, contractAddress: EVMADDR, tokenId };

/** nftmktListNFT / nftmktCreateNFTOffer: the NFT, the price for the whole quantity, the payment token, quantity, lifetime. */
const ORDER_FIELDS = {
  ...NFT_FIELDS,
  price: POSDEC,
  paymentTokenAddress: EVMADDR.optional(),
  quantity,
  expirationDays,
};

/** nftmktGetNFTListings / nftmktGetNFTOffers: the NFT and one page (limit 1-50, OpenSea's page size cap, default 20). */
const NFT_PAGE_FIELDS = { ...NFT_FIELDS, limit: z.number().int().min(1).max(50).default(20), next };

/** The three access classes of the family (see above), all priced by the `nft-marketplace` family default. */
const NFTMKT = { group: 'NFT Marketplace', price: 'nft-marketplace' } as const;
/** Signs with the caller's wallet. */
const WRITE = { ...NFTMKT, identity: true, effect: 'write', settlement: 'commit-point', change: MOVES_FUNDS } as const;
/** Reads the caller's own NFTs. */
const OWN_READ = { ...NFTMKT, identity: true, effect: 'read', settlement: 'after-success' } as const;
/** Public market data. */
const PUBLIC_READ = { ...NFTMKT, identity: false, effect: 'read', settlement: 'after-success' } as const;

const CHAIN_NOTE =
  'chain: ethereum, base or polygon (OpenSea chains this service covers; bsc and altchain are not traded on OpenSea).';

export const nftMarketplaceTools = [
  defineTool({
    name: 'nftmktListNFT',
    ...WRITE,
    summary: 'List an NFT you own for sale on the NFT marketplace at a fixed price.',
    description: [
      "Designed from OpenSea: builds and signs a Seaport 1.6 listing with the caller's wallet and posts it to POST /api/v2/orders/{chain}/seaport/listings (opensea-js createListing).",
      CHAIN_NOTE,
      'contractAddress and tokenId identify the NFT. price: asking price in whole units of the payment token (decimal string) for the whole quantity; marketplace and required creator fees are deducted from it.',
      "paymentTokenAddress: ERC-20 to be paid in; omit for the chain's default listing currency on OpenSea.",
      'quantity: units to list, ERC-1155 only (1 for ERC-721), default 1. expirationDays: integer 1-180, default 30.',
      'Creates a fillable order (write); the first listing of a collection may also send an approval transaction.',
    ].join(' '),
    input: body(ORDER_FIELDS),
  }),
  defineTool({
    name: 'nftmktCreateNFTOffer',
    ...WRITE,
    summary: "Make an offer (bid) on one NFT, paid in the chain's wrapped native token by default.",
    description: [
      'Designed from OpenSea: builds and signs a Seaport 1.6 item offer and posts it to POST /api/v2/orders/{chain}/seaport/offers (opensea-js createOffer).',
      CHAIN_NOTE,
      'contractAddress and tokenId identify the NFT. price: amount offered in whole units of the payment token (decimal string) for the whole quantity.',
      "paymentTokenAddress: ERC-20 offered; omit for OpenSea's default offer currency on the chain (wrapped ETH on ethereum and base). The wallet needs that balance; an ERC-20 approval may be sent first.",
      'quantity: units wanted, ERC-1155 only, default 1. expirationDays: integer 1-180, default 30.',
    ].join(' '),
    input: body(ORDER_FIELDS),
  }),
  defineTool({
    name: 'nftmktFulfillNFTOrder',
    ...WRITE,
    summary: 'Fill an existing order: buy a listed NFT, or accept an offer on an NFT you own.',
    description: [
      "Designed from OpenSea: fetches the signed fulfilment transaction from POST /api/v2/listings/fulfillment_data (side listing) or POST /api/v2/offers/fulfillment_data (side offer) for the caller's wallet and sends it (opensea-js fulfillOrder).",
      CHAIN_NOTE,
      'orderHash: the order hash from nftmktGetNFTListings, nftmktGetBestListings or nftmktGetNFTOffers. side: listing = buy the NFT; offer = sell your NFT into the offer.',
      `protocolAddress: the order's Seaport contract, default Seaport 1.6 ${SEAPORT_1_6}. quantity: units to fill (ERC-1155), default all remaining.`,
      "recipient: address that receives the NFT or payment, default the caller's wallet.",
      'Rule: contractAddress and tokenId come together and only with side offer; they name which of your NFTs fills a collection or trait offer.',
      'Moves funds or NFTs (write).',
    ].join(' '),
    input: body({
      chain: NFTMKT_CHAIN,
      orderHash,
      side: z.enum(['listing', 'offer']),
      protocolAddress,
      quantity: z.number().int().min(1).optional(),
      recipient: EVMADDR.optional(),
      contractAddress: EVMADDR.optional(),
      tokenId: tokenId.optional(),
    })
      .superRefine((value, ctx) => {
        const hasContract = value.contractAddress !== undefined;
        const hasToken = value.tokenId !== undefined;
        if (hasContract && !hasToken) {
          ctx.addIssue({
            code: 'custom',
            path: ['tokenId'],
            message: 'tokenId is required with contractAddress (both or neither)',
          });
        }
        if (hasToken && !hasContract) {
          ctx.addIssue({
            code: 'custom',
            path: ['contractAddress'],
            message: 'contractAddress is required with tokenId (both or neither)',
          });
        }
        if (value.side === 'listing') {
          for (const field of ['contractAddress', 'tokenId'] as const) {
            if (value[field] !== undefined) {
              ctx.addIssue({
                code: 'custom',
                path: [field],
                message: `${field} is only allowed with side offer (it names the NFT that fills a collection or trait offer)`,
              });
            }
          }
        }
      })
      .meta({
        dependentRequired: { contractAddress: ['tokenId'], tokenId: ['contractAddress'] },
        if: { properties: { side: { const: 'listing' } }, required: ['side'] },
        then: { properties: { contractAddress: false, tokenId: false } },
      }),
  }),
  defineTool({
    name: 'nftmktCancelNFTOrder',
    ...WRITE,
    summary: 'Cancel one of your listings or offers by order hash.',
    description: [
      'Designed from OpenSea / Seaport.',
      CHAIN_NOTE,
      `orderHash: the order to cancel; protocolAddress: its Seaport contract, default Seaport 1.6 ${SEAPORT_1_6}.`,
      "method onchain (default): Seaport cancel() transaction from the caller's wallet (costs gas; final).",
      "method offchain: POST /api/v2/orders/chain/{chain}/protocol/{protocolAddress}/{orderHash}/cancel with the offerer's signature; free, only for orders in OpenSea's signed zone (the orders these tools make name no zone: 400 method onchain_only, nothing charged), and assured only if no fulfilment signature was issued before. In sandbox mode the order book stops serving the order, but its signature stays valid on Seaport (signatureValidOnChain: true): only onchain invalidates it.",
      "Only the order's maker can cancel (write).",
    ].join(' '),
    input: body({
      chain: NFTMKT_CHAIN,
      orderHash,
      protocolAddress,
      method: z.enum(['onchain', 'offchain']).default('onchain'),
    }),
  }),
  defineTool({
    name: 'nftmktTransferNFT',
    ...WRITE,
    summary: 'Transfer an NFT (ERC-721 or ERC-1155) you own to another address.',
    description: [
      "Designed from OpenSea's SDK transfer (safeTransferFrom from the caller's wallet); for other chains use ethSendNFT, baseSendNFT or altchainSendNFT.",
      CHAIN_NOTE,
      'contractAddress and tokenId identify the NFT; to: recipient address. tokenStandard: ERC721 or ERC1155, detected from GET /api/v2/chain/{chain}/contract/{address} when omitted.',
      'quantity: units to send, default 1. Rule: with tokenStandard ERC721, quantity must be 1.',
      'Irreversible (write).',
    ].join(' '),
    input: body({
      ...NFT_FIELDS,
      to: EVMADDR,
      tokenStandard: z.enum(['ERC721', 'ERC1155']).optional(),
      quantity,
    })
      .superRefine((value, ctx) => {
        if (value.tokenStandard === 'ERC721' && value.quantity !== 1) {
          ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'quantity must be 1 for an ERC721 token' });
        }
      })
      .meta({
        if: { properties: { tokenStandard: { const: 'ERC721' } }, required: ['tokenStandard'] },
        then: { properties: { quantity: { const: 1 } } },
      }),
  }),
  defineTool({
    name: 'nftmktGetNFTListings',
    ...PUBLIC_READ,
    summary: 'Active sale listings of one NFT, with price, maker and order hash.',
    description: [
      'Designed from OpenSea: GET /api/v2/orders/{chain}/seaport/listings?asset_contract_address=&token_ids=.',
      CHAIN_NOTE,
      "contractAddress and tokenId identify the NFT. limit: integer 1-50 (OpenSea's page size cap), default 20. next: cursor from the previous page.",
      'Use an order hash from the result with nftmktFulfillNFTOrder (side listing).',
    ].join(' '),
    input: body(NFT_PAGE_FIELDS),
  }),
  defineTool({
    name: 'nftmktGetNFTOffers',
    ...PUBLIC_READ,
    summary: 'Active offers (bids) on one NFT, with price, maker and order hash.',
    description: [
      'Designed from OpenSea: GET /api/v2/orders/{chain}/seaport/offers?asset_contract_address=&token_ids=.',
      CHAIN_NOTE,
      "contractAddress and tokenId identify the NFT. limit: integer 1-50 (OpenSea's page size cap), default 20. next: cursor from the previous page.",
      'Accept one with nftmktFulfillNFTOrder (side offer).',
    ].join(' '),
    input: body(NFT_PAGE_FIELDS),
  }),
  defineTool({
    name: 'nftmktGetMyNFTs',
    ...OWN_READ,
    summary: 'NFTs held by the connected wallet on ethereum, base and polygon.',
    description: [
      'Designed from OpenSea: GET /api/v2/chain/{chain}/account/{address}/nfts for the connected wallet.',
      'chain: ethereum, base or polygon; omit to read all three. collection: optional collection slug filter.',
      "limit: integer 1-200 (OpenSea's page size cap), default 50. next: cursor from the previous page.",
      "Rule: next requires chain (a cursor belongs to one chain's listing).",
    ].join(' '),
    input: body({
      chain: NFTMKT_CHAIN.optional(),
      collection: collectionSlug.optional(),
      limit: z.number().int().min(1).max(200).default(50),
      next,
    })
      .superRefine((value, ctx) => {
        if (value.next !== undefined && value.chain === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['chain'],
            message: 'chain is required with next (a cursor belongs to one chain)',
          });
        }
      })
      .meta({ dependentRequired: { next: ['chain'] } }),
  }),
  defineTool({
    name: 'nftmktGetTrendingCollections',
    ...PUBLIC_READ,
    summary: 'Trending NFT collections over a time window.',
    description: [
      'Designed from OpenSea: GET /api/v2/collections/trending.',
      'timeframe: one_minute, five_minutes, fifteen_minutes, one_hour, one_day (default), seven_days, thirty_days, one_year or all_time.',
      'chain: ethereum, base or polygon; omit for all three. category: optional OpenSea category such as art, gaming or pfps.',
      'limit: integer 1-100, default 20. next: cursor from the previous page.',
    ].join(' '),
    input: body({
      timeframe: z
        .enum([
          'one_minute',
          'five_minutes',
          'fifteen_minutes',
          'one_hour',
          'one_day',
          'seven_days',
          'thirty_days',
          'one_year',
          'all_time',
        ])
        .default('one_day'),
      chain: NFTMKT_CHAIN.optional(),
      category: z.string().min(1).optional(),
      limit: z.number().int().min(1).max(100).default(20),
      next,
    }),
  }),
  defineTool({
    name: 'nftmktGetCollectionStats',
    ...PUBLIC_READ,
    summary: 'Floor price, volume, sales, owners and supply of one NFT collection.',
    description:
      'Designed from OpenSea: GET /api/v2/collections/{slug}/stats. collectionSlug: the OpenSea collection slug (as in the collection page URL).',
    input: body({ collectionSlug }),
  }),
  defineTool({
    name: 'nftmktGetCollectionActivity',
    ...PUBLIC_READ,
    summary: 'Recent marketplace events of one collection: sales, transfers, mints, listings and offers.',
    description: [
      'Designed from OpenSea: GET /api/v2/events/collection/{slug}.',
      'collectionSlug: the OpenSea collection slug. eventType: sale, transfer, mint, listing, offer, trait_offer, collection_offer or order; all types if omitted.',
      'after / before: epoch seconds bounding the window. Rule: after must be earlier than before (JSON Schema cannot compare two fields; the server checks it).',
      "limit: integer 1-50 (OpenSea's page size cap), default 20. next: cursor from the previous page.",
    ].join(' '),
    input: body({
      collectionSlug,
      eventType: z
        .enum(['sale', 'transfer', 'mint', 'listing', 'offer', 'trait_offer', 'collection_offer', 'order'])
        .optional(),
      after: z.number().int().min(0).optional(),
      before: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(50).default(20),
      next,
    })
      .superRefine((value, ctx) => {
        if (value.after !== undefined && value.before !== undefined && value.after >= value.before) {
          ctx.addIssue({
            code: 'custom',
            path: ['before'],
            message: 'before must be later than after (after < before)',
          });
        }
      })
      .meta({
        description:
          'Rule: after < before when both are given. JSON Schema cannot compare two fields, so the server enforces this rule.',
      }),
  }),
  defineTool({
    name: 'nftmktGetBestListings',
    ...PUBLIC_READ,
    summary: 'Cheapest active listings of one NFT collection, lowest price first.',
    description: [
      'Designed from OpenSea: GET /api/v2/listings/collection/{slug}/best.',
      "collectionSlug: the OpenSea collection slug. limit: integer 1-100 (OpenSea's page size cap), default 20. next: cursor from the previous page.",
      'Buy one with nftmktFulfillNFTOrder (side listing).',
    ].join(' '),
    input: body({
      collectionSlug,
      limit: z.number().int().min(1).max(100).default(20),
      next,
    }),
  }),
];
