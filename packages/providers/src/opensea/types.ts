/**
 * OpenSea API v2 (`https://api.opensea.io/api/v2`) bodies, the fields the NFT marketplace tools read (every body is
 * kept whole otherwise): the sandbox order book answers in these shapes too, so the tools read one format.
 */
import type { Address, Hex } from 'viem';
import type { SignedOrder } from '@svc/chains';

/** OpenSea's chain identifiers among the sandbox's chains, with their chain ids. */
export const OPENSEA_CHAIN_IDS = { ethereum: 1, base: 8453, polygon: 137 } as const;
export type OpenSeaChain = keyof typeof OPENSEA_CHAIN_IDS;

/** An order as `GET /orders/{chain}/seaport/{listings|offers}` and the posting routes answer it. */
export interface OpenSeaOrder {
  readonly created_date: string;
  readonly closing_date: string | null;
  readonly listing_time: number;
  readonly expiration_time: number;
  readonly order_hash: Hex;
  readonly protocol_data: SignedOrder;
  readonly protocol_address: Address;
  /** The whole order's price in the payment token's atomic units. */
  readonly current_price: string;
  readonly maker: { readonly address: Address };
  readonly taker: { readonly address: Address } | null;
  readonly side: 'ask' | 'bid';
  readonly order_type: string;
  readonly cancelled: boolean;
  readonly finalized: boolean;
  readonly marked_invalid: boolean;
  readonly remaining_quantity: number;
}

export interface OpenSeaOrderPage {
  readonly orders: readonly OpenSeaOrder[];
  readonly next: string | null;
  readonly previous: string | null;
}

/** One of `GET /listings/collection/{slug}/best`. */
export interface OpenSeaListing {
  readonly order_hash: Hex;
  readonly chain: string;
  readonly type: string;
  readonly price: {
    readonly current: { readonly currency: string; readonly decimals: number; readonly value: string };
  };
  readonly protocol_data: SignedOrder;
  readonly protocol_address: Address;
  readonly remaining_quantity?: number;
}

export interface OpenSeaListingPage {
  readonly listings: readonly OpenSeaListing[];
  readonly next?: string | null;
}

/** One of `GET /chain/{chain}/account/{address}/nfts`. */
export interface OpenSeaNft {
  readonly identifier: string;
  readonly collection: string;
  readonly contract: Address;
  readonly token_standard: string;
  readonly name: string | null;
  readonly description: string | null;
  readonly image_url: string | null;
  readonly metadata_url: string | null;
  readonly opensea_url?: string;
  readonly updated_at: string;
  readonly is_disabled: boolean;
  readonly is_nsfw: boolean;
}

export interface OpenSeaNftPage {
  readonly nfts: readonly OpenSeaNft[];
  readonly next?: string | null;
}

/** `POST /listings/fulfillment_data` and `/offers/fulfillment_data`: the transaction to send, decoded. */
export interface OpenSeaFulfillment {
  readonly protocol: string;
  readonly fulfillment_data: {
    readonly transaction: {
      /** The Seaport function's signature, e.g. `fulfillOrder((…),bytes32)`. */
      readonly function: string;
      readonly chain: number;
      readonly to: Address;
      readonly value: string | number;
      /** The function's arguments by parameter name, in order. */
      readonly input_data: Readonly<Record<string, unknown>>;
    };
    readonly orders: readonly SignedOrder[];
  };
}

/** `GET /collections/{slug}/stats`. */
export interface OpenSeaCollectionStats {
  readonly total: {
    readonly volume: number;
    readonly sales: number;
    readonly average_price: number;
    readonly num_owners: number;
    readonly market_cap: number;
    readonly floor_price: number;
    readonly floor_price_symbol: string;
  };
  readonly intervals: readonly {
    readonly interval: string;
    readonly volume: number;
    readonly volume_diff: number;
    readonly volume_change: number;
    readonly sales: number;
    readonly sales_diff: number;
    readonly average_price: number;
  }[];
}

/** One of `GET /events/collection/{slug}` (fields by event type; the common ones here). */
export interface OpenSeaEvent {
  readonly event_type: string;
  readonly event_timestamp: number;
  readonly chain: string;
  readonly transaction?: string;
  readonly order_hash?: string;
  readonly quantity?: number;
  readonly [field: string]: unknown;
}

export interface OpenSeaEventPage {
  readonly asset_events: readonly OpenSeaEvent[];
  readonly next?: string | null;
}

/** One of `GET /collections` (trending ranks them). */
export interface OpenSeaCollectionSummary {
  readonly collection: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface OpenSeaCollectionPage {
  readonly collections: readonly OpenSeaCollectionSummary[];
  readonly next?: string | null;
}

/** `GET /chain/{chain}/contract/{address}`. */
export interface OpenSeaContract {
  readonly address: Address;
  readonly chain: string;
  readonly collection: string | null;
  readonly contract_standard: string;
  readonly name: string;
}

/** `GET /collections/{slug}`: the fields orders need (`fees`: `fee` in percent). */
export interface OpenSeaCollection {
  readonly collection: string;
  readonly name: string;
  readonly contracts: readonly { readonly address: Address; readonly chain: string }[];
  readonly fees: readonly { readonly fee: number; readonly recipient: Address; readonly required: boolean }[];
}

/** Where orders of a marketplace go on one chain: its Seaport, the conduit key its orders use, its offer currency. */
export interface SeaportVenue {
  readonly protocolAddress: Address;
  readonly conduitKey: Hex;
  /** The ERC-20 offers are made in by default (wrapped native). */
  readonly offerToken: Address;
  /**
   * The zone an order must name for the order book's off-chain cancel to bind (OpenSea's SignedZone, which co-signs
   * every fill and stops once the order is cancelled). Null: the order book cancels any of its orders off chain only
   * by no longer serving it, and the order's signature stays valid on Seaport.
   */
  readonly signedZone: Address | null;
}

export type OrderSide = 'listings' | 'offers';

/** The OpenSea API v2 routes the NFT marketplace tools use; the sandbox order book implements the same. */
export interface OpenSeaApi {
  venue(chain: OpenSeaChain): Promise<SeaportVenue>;
  orders(
    chain: OpenSeaChain,
    side: OrderSide,
    query: { contract: Address; tokenId: string; limit: number; next?: string | undefined },
  ): Promise<OpenSeaOrderPage>;
  /** One order by hash, whatever its state (`cancelled`, `finalized` say it). */
  order(chain: OpenSeaChain, protocolAddress: Address, orderHash: Hex): Promise<{ order: OpenSeaOrder }>;
  bestListings(slug: string, query: { limit: number; next?: string | undefined }): Promise<OpenSeaListingPage>;
  postOrder(
    chain: OpenSeaChain,
    side: OrderSide,
    order: SignedOrder & { protocol_address: Address },
  ): Promise<{ order: OpenSeaOrder }>;
  fulfillmentData(
    side: OrderSide,
    order: { hash: Hex; chain: OpenSeaChain; protocol_address: Address },
    fulfiller: Address,
    /** The NFT that fills a collection or trait offer; who receives what the fill buys. */
    extras?: { nft?: { contract: Address; tokenId: string } | undefined; recipient?: Address | undefined },
  ): Promise<OpenSeaFulfillment>;
  /** An off-chain cancel, with the offerer's EIP-712 signature of the order hash (@svc/chains SEAPORT_CANCEL_TYPES). */
  cancelOrder(
    chain: OpenSeaChain,
    protocolAddress: Address,
    orderHash: Hex,
    offererSignature: Hex,
  ): Promise<Record<string, unknown>>;
  accountNfts(
    chain: OpenSeaChain,
    address: Address,
    query: { collection?: string | undefined; limit: number; next?: string | undefined },
  ): Promise<OpenSeaNftPage>;
  collectionStats(slug: string): Promise<OpenSeaCollectionStats>;
  collectionEvents(
    slug: string,
    query: {
      eventType?: string | undefined;
      after?: number | undefined;
      before?: number | undefined;
      limit: number;
      next?: string | undefined;
    },
  ): Promise<OpenSeaEventPage>;
  trendingCollections(query: {
    timeframe: string;
    chain?: OpenSeaChain | undefined;
    category?: string | undefined;
    limit: number;
    next?: string | undefined;
  }): Promise<OpenSeaCollectionPage>;
  contract(chain: OpenSeaChain, address: Address): Promise<OpenSeaContract>;
  collection(slug: string): Promise<OpenSeaCollection>;
}
