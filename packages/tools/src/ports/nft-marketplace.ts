import type { OpenSeaApi } from '@svc/providers';

/**
 * The NFT order book and market index the nftmkt tools talk to, in OpenSea API v2's shapes: OpenSea itself in live
 * mode (@svc/providers OpenSeaClient), the sandbox chains' Seaport order book and index in sandbox mode
 * (nftmkt/sandbox-nft-marketplace.ts). The tools' code is the same for both.
 */
export type NftMarketplace = OpenSeaApi;
