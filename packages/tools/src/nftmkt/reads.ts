/**
 * The nftmkt read tools: the order book's and market index's answers as OpenSea API v2 gives them (the sandbox order
 * book answers in the same shapes), each with the chain or collection it was asked for.
 */
import { OPENSEA_CHAIN_IDS, type OpenSeaChain } from '@svc/providers';
import { getAddress } from 'viem';
import type { HandlerContext } from '../handler.js';
import { vaultEvmAddress } from '../evm/balances.js';
import { marketplaceOf } from './marketplace.js';

export interface NftPageInput {
  chain: OpenSeaChain;
  contractAddress: string;
  tokenId: string;
  limit: number;
  next?: string | undefined;
}

const ordersOf =
  (side: 'listings' | 'offers', tool: string) => async (input: NftPageInput, context: HandlerContext) => {
    const page = await marketplaceOf(context, tool).orders(input.chain, side, {
      contract: getAddress(input.contractAddress),
      tokenId: input.tokenId,
      limit: input.limit,
      next: input.next,
    });
    return { chain: input.chain, contractAddress: getAddress(input.contractAddress), tokenId: input.tokenId, ...page };
  };

export const nftmktGetNFTListings = ordersOf('listings', 'nftmktGetNFTListings');
export const nftmktGetNFTOffers = ordersOf('offers', 'nftmktGetNFTOffers');

/** The vault's NFTs on one chain, or on the three chains one after another (then no cursor: each chain's first page). */
export async function nftmktGetMyNFTs(
  input: {
    chain?: OpenSeaChain | undefined;
    collection?: string | undefined;
    limit: number;
    next?: string | undefined;
  },
  context: HandlerContext,
) {
  const marketplace = marketplaceOf(context, 'nftmktGetMyNFTs');
  const address = getAddress(await vaultEvmAddress(context));
  const chains = input.chain ? [input.chain] : (Object.keys(OPENSEA_CHAIN_IDS) as OpenSeaChain[]);
  const pages = await Promise.all(
    chains.map(async (chain) => ({
      chain,
      page: await marketplace.accountNfts(chain, address, {
        collection: input.collection,
        limit: input.limit,
        next: input.next,
      }),
    })),
  );
  const nfts = pages.flatMap(({ chain, page }) => page.nfts.map((nft) => ({ chain, ...nft }))).slice(0, input.limit);
  return { address, nfts, next: input.chain ? (pages[0]!.page.next ?? null) : null };
}

export async function nftmktGetTrendingCollections(
  input: {
    timeframe: string;
    chain?: OpenSeaChain | undefined;
    category?: string | undefined;
    limit: number;
    next?: string | undefined;
  },
  context: HandlerContext,
) {
  return {
    timeframe: input.timeframe,
    ...(await marketplaceOf(context, 'nftmktGetTrendingCollections').trendingCollections(input)),
  };
}

export async function nftmktGetCollectionStats(input: { collectionSlug: string }, context: HandlerContext) {
  const stats = await marketplaceOf(context, 'nftmktGetCollectionStats').collectionStats(input.collectionSlug);
  return { collectionSlug: input.collectionSlug, ...stats };
}

export async function nftmktGetCollectionActivity(
  input: {
    collectionSlug: string;
    eventType?: string | undefined;
    after?: number | undefined;
    before?: number | undefined;
    limit: number;
    next?: string | undefined;
  },
  context: HandlerContext,
) {
  const page = await marketplaceOf(context, 'nftmktGetCollectionActivity').collectionEvents(
    input.collectionSlug,
    input,
  );
  return { collectionSlug: input.collectionSlug, ...page };
}

export async function nftmktGetBestListings(
  input: { collectionSlug: string; limit: number; next?: string | undefined },
  context: HandlerContext,
) {
  const page = await marketplaceOf(context, 'nftmktGetBestListings').bestListings(input.collectionSlug, input);
  return { collectionSlug: input.collectionSlug, ...page };
}
