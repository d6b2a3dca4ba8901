import type { EvmChain } from '@svc/chains';
import type { SwapVenue } from '../evm-swap/index.js';
import type { Address, Chain, PublicClient, Transport } from 'viem';
import type { TokenDiscovery } from './token-discovery.js';

/** An ERC-20 the balance tools list on a chain (besides the native coin). */
export interface KnownToken {
  readonly symbol: string;
  readonly address: Address;
  readonly decimals: number;
  /** The chain's USD stablecoin: live USD prices are quotes into it (USDC, or USDG on altchain, which has no USDC). */
  readonly usdReference?: true;
}

/** One EVM chain as the tools use it. */
export interface EvmNetwork {
  readonly registry: EvmChain;
  readonly chain: Chain;
  readonly publicClient: PublicClient<Transport, Chain>;
  /** ERC-20s the balance tools read (non-zero ones are listed). */
  readonly knownTokens: readonly KnownToken[];
  /** The other ERC-20s an address may hold (candidates the balance tools check with balanceOf). */
  readonly discoverTokens: TokenDiscovery;
  readonly swaps: SwapVenue;
  /** USD price of a token (null: the native coin), for USD budgets and quote handoffs. */
  priceUsd(token: Address | null): Promise<number>;
}

/** The EVM chains a deployment reaches (HandlerContext.evmNetworks). */
export interface EvmNetworks {
  /** The chain `chainId`; throws the 503 naming its setting when it is not configured. */
  network(chainId: number): Promise<EvmNetwork>;
}
