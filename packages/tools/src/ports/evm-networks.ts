import type { EvmChain } from '@svc/chains';
import type { Address, Chain, Hex, PublicClient, Transport } from 'viem';

/** An ERC-20 the balance tools list on a chain (besides the native coin). */
export interface KnownToken {
  readonly symbol: string;
  readonly address: Address;
  readonly decimals: number;
}

/** A token as the swap tools name it: null address = the chain's native coin. */
export interface SwapToken {
  readonly address: Address | null;
  readonly symbol: string;
  readonly decimals: number;
}

/** What an aggregator (or the sandbox router) answers for an exact-input swap. */
export interface SwapRoute {
  /** Expected output, atomic. */
  readonly buyAmount: bigint;
  /** The least the transaction accepts (buyAmount less slippage), atomic. */
  readonly minBuyAmount: bigint;
  /** Who must be allowed to pull an ERC-20 sell token; null when the sell token is native. */
  readonly allowanceTarget: Address | null;
  /** The transaction the taker sends. */
  readonly transaction: { readonly to: Address; readonly data: Hex; readonly value: bigint; readonly gas?: bigint };
  /** Where the route comes from (e.g. "sandbox-v2", "0x", "lifi"). */
  readonly source: string;
}

export interface SwapRequest {
  readonly sell: SwapToken;
  readonly buy: SwapToken;
  readonly sellAtomic: bigint;
  /** Who sends the transaction and receives the output. */
  readonly taker: Address;
  readonly slippageBps: number;
}

/** Finds exact-input swap routes on one chain. */
export interface SwapVenue {
  route(request: SwapRequest): Promise<SwapRoute>;
}

/** One EVM chain as the tools use it. */
export interface EvmNetwork {
  readonly registry: EvmChain;
  readonly chain: Chain;
  readonly publicClient: PublicClient<Transport, Chain>;
  /** ERC-20s the balance tools read (non-zero ones are listed). */
  readonly knownTokens: readonly KnownToken[];
  readonly swaps: SwapVenue;
  /** USD price of a token (null: the native coin), for USD budgets and quote handoffs. */
  priceUsd(token: Address | null): Promise<number>;
}

/** The EVM chains a deployment reaches (HandlerContext.evmNetworks). */
export interface EvmNetworks {
  /** The chain `chainId`; throws the 503 naming its setting when it is not configured. */
  network(chainId: number): Promise<EvmNetwork>;
}
