import type { Address, Hex } from 'viem';

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

/**
 * The EVM swap family's port: finds exact-input swap routes on one chain. Live, the 0x and LI.FI aggregators (here);
 * sandbox, the sandbox router over the sandbox chain (packages/tools evm/swap/sandbox-swap-venue.ts).
 */
export interface SwapVenue {
  route(request: SwapRequest): Promise<SwapRoute>;
}
