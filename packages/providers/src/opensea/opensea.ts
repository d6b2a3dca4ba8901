import { ServiceError } from '@svc/contracts';
import type { Address, Hex } from 'viem';
import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import type {
  OpenSeaApi,
  OpenSeaChain,
  OpenSeaCollection,
  OpenSeaCollectionPage,
  OpenSeaCollectionStats,
  OpenSeaContract,
  OpenSeaEventPage,
  OpenSeaFulfillment,
  OpenSeaListingPage,
  OpenSeaNftPage,
  OpenSeaOrder,
  OpenSeaOrderPage,
  OrderSide,
  SeaportVenue,
} from './types.js';

/** The OpenSea API key (`x-api-key`), which every OpenSea route needs. */
export const OPENSEA_SETTING: ProviderSetting = { provider: 'NFT marketplace (OpenSea)', setting: 'OPENSEA_API_KEY' };

const BASE_URL = 'https://api.opensea.io/api/v2';
// Floors, listings and events move with every trade: a short reuse only spares repeated reads.
const READ_TTL_MS = 15_000;

/** Seaport 1.6, the same address on every chain OpenSea trades on. */
export const OPENSEA_SEAPORT_1_6: Address = '0x0000000000000068F116a894984e2DB1123eB395';
/** OpenSea's conduit key (its conduit 0x1E0049783F008A0085193E00003D00cd54003c71), which its orders name. */
export const OPENSEA_CONDUIT_KEY: Hex = '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000';
/** OpenSea's SignedZone for Seaport 1.6: the only orders its off-chain cancel applies to. */
export const OPENSEA_SIGNED_ZONE: Address = '0x000056F7000000EcE9003ca63978907a00FFD100';
/** OpenSea's default offer currency: wrapped ETH (polygon: the bridged WETH OpenSea offers in). */
const OFFER_TOKEN: Record<OpenSeaChain, Address> = {
  ethereum: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  base: '0x4200000000000000000000000000000000000006',
  polygon: '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619',
};

// The fields the tools read; anything else OpenSea sends is kept as it came.
const order = z.looseObject({
  order_hash: z.string(),
  protocol_address: z.string(),
  current_price: z.string(),
  protocol_data: z.looseObject({ parameters: z.looseObject({ offerer: z.string() }), signature: z.string() }),
});
const orderPage = z.looseObject({ orders: z.array(order) });
const listingPage = z.looseObject({ listings: z.array(z.looseObject({ order_hash: z.string() })) });
const nftPage = z.looseObject({ nfts: z.array(z.looseObject({ identifier: z.string(), contract: z.string() })) });
const fulfillment = z.looseObject({
  fulfillment_data: z.looseObject({
    transaction: z.looseObject({ function: z.string(), to: z.string(), input_data: z.record(z.string(), z.unknown()) }),
    orders: z.array(z.unknown()),
  }),
});
const stats = z.looseObject({
  total: z.looseObject({ volume: z.number(), sales: z.number() }),
  intervals: z.array(z.unknown()),
});
const eventPage = z.looseObject({ asset_events: z.array(z.looseObject({ event_type: z.string() })) });
const collectionPage = z.looseObject({ collections: z.array(z.looseObject({ collection: z.string() })) });
const contract = z.looseObject({
  address: z.string(),
  collection: z.string().nullable(),
  contract_standard: z.string(),
});
const collection = z.looseObject({
  collection: z.string(),
  fees: z.array(z.looseObject({ fee: z.number(), recipient: z.string(), required: z.boolean() })),
});
const anyObject = z.record(z.string(), z.unknown());

/**
 * OpenSea API v2 with an API key (`x-api-key`): order book reads and posts, fulfilment data, off-chain cancels,
 * account NFTs, collection stats, events and rankings. OpenSea's 404 is the tool's 404.
 */
export class OpenSeaClient implements OpenSeaApi {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = BASE_URL,
  ) {}

  async venue(chain: OpenSeaChain): Promise<SeaportVenue> {
    return {
      protocolAddress: OPENSEA_SEAPORT_1_6,
      conduitKey: OPENSEA_CONDUIT_KEY,
      offerToken: OFFER_TOKEN[chain],
      signedZone: OPENSEA_SIGNED_ZONE,
    };
  }

  /** `GET /orders/{chain}/seaport/{listings|offers}?asset_contract_address&token_ids&limit&cursor`. */
  async orders(
    chain: OpenSeaChain,
    side: OrderSide,
    query: { contract: Address; tokenId: string; limit: number; next?: string | undefined },
  ) {
    const params = {
      asset_contract_address: query.contract,
      token_ids: query.tokenId,
      limit: String(query.limit),
      ...(query.next ? { cursor: query.next } : {}),
    };
    return (await this.#call(
      `/orders/${chain}/seaport/${side}`,
      params,
      orderPage,
      `${side} orders`,
    )) as unknown as OpenSeaOrderPage;
  }

  /** `GET /orders/chain/{chain}/protocol/{protocol_address}/{order_hash}`. */
  async order(chain: OpenSeaChain, protocolAddress: Address, orderHash: Hex) {
    const path = `/orders/chain/${chain}/protocol/${protocolAddress}/${orderHash}`;
    return (await this.#call(path, {}, z.looseObject({ order }), 'order')) as unknown as { order: OpenSeaOrder };
  }

  /** `GET /listings/collection/{slug}/best?limit&next`. */
  async bestListings(slug: string, query: { limit: number; next?: string | undefined }) {
    const params = { limit: String(query.limit), ...(query.next ? { next: query.next } : {}) };
    return (await this.#call(
      `/listings/collection/${encodeURIComponent(slug)}/best`,
      params,
      listingPage,
      'best listings',
    )) as unknown as OpenSeaListingPage;
  }

  /** `POST /orders/{chain}/seaport/{listings|offers}` with the signed order and its protocol address. */
  async postOrder(chain: OpenSeaChain, side: OrderSide, signed: Parameters<OpenSeaApi['postOrder']>[2]) {
    const body = await this.#call(
      `/orders/${chain}/seaport/${side}`,
      {},
      z.looseObject({ order }),
      `post ${side}`,
      signed,
    );
    return body as unknown as { order: OpenSeaOrder };
  }

  /** `POST /{listings|offers}/fulfillment_data` `{listing|offer: {hash, chain, protocol_address}, fulfiller: {address}}`. */
  async fulfillmentData(
    side: OrderSide,
    target: { hash: Hex; chain: OpenSeaChain; protocol_address: Address },
    fulfiller: Address,
  ) {
    const key = side === 'listings' ? 'listing' : 'offer';
    const body = { [key]: target, fulfiller: { address: fulfiller } };
    return (await this.#call(
      `/${side}/fulfillment_data`,
      {},
      fulfillment,
      'fulfillment data',
      body,
    )) as unknown as OpenSeaFulfillment;
  }

  /** `POST /orders/chain/{chain}/protocol/{protocol_address}/{order_hash}/cancel` `{offerer_signature}`. */
  async cancelOrder(chain: OpenSeaChain, protocolAddress: Address, orderHash: Hex, offererSignature: Hex) {
    return this.#call(
      `/orders/chain/${chain}/protocol/${protocolAddress}/${orderHash}/cancel`,
      {},
      anyObject,
      'order cancel',
      { offerer_signature: offererSignature },
    );
  }

  /** `GET /chain/{chain}/account/{address}/nfts?collection&limit&next`. */
  async accountNfts(
    chain: OpenSeaChain,
    address: Address,
    query: { collection?: string | undefined; limit: number; next?: string | undefined },
  ) {
    const params = {
      limit: String(query.limit),
      ...(query.collection ? { collection: query.collection } : {}),
      ...(query.next ? { next: query.next } : {}),
    };
    return (await this.#call(
      `/chain/${chain}/account/${address}/nfts`,
      params,
      nftPage,
      'account NFTs',
    )) as unknown as OpenSeaNftPage;
  }

  /** `GET /collections/{slug}/stats`. */
  async collectionStats(slug: string) {
    return (await this.#call(
      `/collections/${encodeURIComponent(slug)}/stats`,
      {},
      stats,
      'collection stats',
    )) as unknown as OpenSeaCollectionStats;
  }

  /** `GET /events/collection/{slug}?event_type&after&before&limit&next`. */
  async collectionEvents(slug: string, query: Parameters<OpenSeaApi['collectionEvents']>[1]) {
    const params = {
      limit: String(query.limit),
      ...(query.eventType ? { event_type: query.eventType } : {}),
      ...(query.after !== undefined ? { after: String(query.after) } : {}),
      ...(query.before !== undefined ? { before: String(query.before) } : {}),
      ...(query.next ? { next: query.next } : {}),
    };
    return (await this.#call(
      `/events/collection/${encodeURIComponent(slug)}`,
      params,
      eventPage,
      'collection events',
    )) as unknown as OpenSeaEventPage;
  }

  /** `GET /collections/trending?timeframe&chain&category&limit&next` (the route the catalog names). */
  async trendingCollections(query: Parameters<OpenSeaApi['trendingCollections']>[0]) {
    // opensea-js (src/api/collections.ts getTrendingCollections) names these `chains` (comma-separated) and `cursor`.
    const params = {
      timeframe: query.timeframe,
      limit: String(query.limit),
      ...(query.chain ? { chains: query.chain } : {}),
      ...(query.category ? { category: query.category } : {}),
      ...(query.next ? { cursor: query.next } : {}),
    };
    return (await this.#call(
      '/collections/trending',
      params,
      collectionPage,
      'trending collections',
    )) as unknown as OpenSeaCollectionPage;
  }

  /** `GET /chain/{chain}/contract/{address}`: its collection slug and token standard. */
  async contract(chain: OpenSeaChain, address: Address) {
    return (await this.#call(
      `/chain/${chain}/contract/${address}`,
      {},
      contract,
      'contract',
    )) as unknown as OpenSeaContract;
  }

  /** `GET /collections/{slug}`: its contracts and the fees its orders must carry. */
  async collection(slug: string) {
    return (await this.#call(
      `/collections/${encodeURIComponent(slug)}`,
      {},
      collection,
      'collection',
    )) as unknown as OpenSeaCollection;
  }

  async #call<S extends z.ZodType>(
    path: string,
    query: Readonly<Record<string, string>>,
    schema: S,
    what: string,
    body?: unknown,
  ): Promise<z.output<S>> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    try {
      return await upstreamJson(upstreamClient('opensea'), {
        url,
        headers: { 'x-api-key': this.apiKey },
        schema,
        what,
        ...(body === undefined ? { cacheTtlMs: READ_TTL_MS } : { body }),
      });
    } catch (error) {
      if (error instanceof ServiceError && error.extra?.upstreamStatus === 404)
        throw new ServiceError('not_found', `OpenSea has nothing at ${path} (HTTP 404).`);
      throw error;
    }
  }
}
