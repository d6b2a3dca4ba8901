import { ServiceError } from '@svc/contracts';
import { getAddress, type Address } from 'viem';
import { OPENSEA_CHAIN_IDS, OPENSEA_SEAPORT_1_6, type OpenSeaChain } from '@svc/providers';
import type { HandlerContext } from '../handler.js';
import type { NftMarketplace } from '../ports/nft-marketplace.js';

/**
 * The order book the nftmkt tools talk to: OpenSea in live mode (503 naming OPENSEA_API_KEY without it), or in
 * sandbox mode with OPENSEA_API_KEY in PROVIDERS_LIVE; otherwise the sandbox chains' order book. A service built
 * without either answers 501 (nothing charged: every nftmkt tool refuses before its payment settles).
 */
export function marketplaceOf(context: HandlerContext, tool: string): NftMarketplace {
  const live = context.providers.opensea;
  if (live) return live;
  if (context.nftMarketplace) return context.nftMarketplace;
  throw new ServiceError(
    'not_implemented',
    `${tool} has no sandbox NFT marketplace in this service. Nothing was charged.`,
    {
      extra: { tool },
    },
  );
}

/** The EVM chain id of an OpenSea chain name. */
export const chainIdOf = (chain: OpenSeaChain): number => OPENSEA_CHAIN_IDS[chain];

/**
 * The Seaport an order names. The catalog's default is canonical Seaport 1.6's address, which stands for "this
 * marketplace's Seaport 1.6": the order book's own (the sandbox's Seaport is deployed elsewhere, since its EIP-712
 * domain binds to where it runs).
 */
export async function protocolAddressOf(
  marketplace: NftMarketplace,
  chain: OpenSeaChain,
  given: string,
): Promise<Address> {
  const address = getAddress(given);
  return address === OPENSEA_SEAPORT_1_6 ? (await marketplace.venue(chain)).protocolAddress : address;
}
