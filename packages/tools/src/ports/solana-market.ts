/**
 * Where the Solana tools get token metadata, USD prices, swap quotes and swap transactions: the sandbox swap venue in
 * sandbox mode (solana/market/sandbox-market.ts), Jupiter in live mode (solana/market/jupiter-market.ts). Assets are named by mint, with 'SOL'
 * for native SOL; the WSOL mint So111…112 is Wrapped SOL, a separate token.
 */
import type { Transaction } from '@solana/kit';

/** A mint, or 'SOL' for native SOL. */
export type SolanaAsset = string;
export const NATIVE_SOL = 'SOL';
export const WSOL_MINT = 'So11111111111111111111111111111111111111112';

export interface SolanaTokenInfo {
  /** The mint, or 'SOL' for native SOL. */
  readonly asset: SolanaAsset;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

export interface SolanaTokenPrice {
  readonly priceUsd: number;
  /** How far the price can be trusted: 'high' for deep liquidity, lower for thin or stale markets. */
  readonly confidence: 'high' | 'medium' | 'low';
}

/** One hop of a swap route. */
export interface SolanaRouteStep {
  /** The pool or AMM (sandbox: the pool id such as 'JUP/USDC'; Jupiter: the AMM label). */
  readonly venue: string;
  readonly poolAddress: string;
  readonly inputAsset: SolanaAsset;
  readonly outputAsset: SolanaAsset;
  readonly inAmount: bigint;
  readonly outAmount: bigint;
}

export interface SolanaSwapQuote {
  readonly inputAsset: SolanaAsset;
  readonly outputAsset: SolanaAsset;
  /** Atomic units. Exact for exact-input quotes; what the route needs for exact-output quotes. */
  readonly inAmount: bigint;
  /** Atomic units expected out. */
  readonly outAmount: bigint;
  readonly route: readonly SolanaRouteStep[];
  /** The provider's own quote, handed back to it to build the transaction. */
  readonly providerQuote: unknown;
}

export interface SwapQuoteRequest {
  readonly inputAsset: SolanaAsset;
  readonly outputAsset: SolanaAsset;
  /** Atomic units: of the input for ExactIn, of the output for ExactOut. */
  readonly amount: bigint;
  readonly swapMode: 'ExactIn' | 'ExactOut';
  readonly slippageBps: number;
}

/** Why a market cannot serve a swap: no route between the assets, too little liquidity, or the price moved past the bound. */
export class SwapUnavailable extends Error {
  constructor(
    readonly reason: 'no_route' | 'insufficient_liquidity' | 'slippage',
    message: string,
  ) {
    super(message);
  }
}

export interface SolanaMarket {
  /** Tokens whose symbol or name matches `query` (case-insensitive), exact symbol matches first; or the token of a mint. */
  findTokens(query: string): Promise<readonly SolanaTokenInfo[]>;
  /** Metadata of each known mint (unknown mints are left out). */
  tokensByMint(mints: readonly string[]): Promise<ReadonlyMap<string, SolanaTokenInfo>>;
  /** USD price per mint ('SOL' and the WSOL mint are SOL's price); unpriced mints are left out. */
  pricesUsd(mints: readonly string[]): Promise<ReadonlyMap<string, SolanaTokenPrice>>;
  quote(request: SwapQuoteRequest): Promise<SolanaSwapQuote>;
  /**
   * The transaction executing `quote` (exact input `quote.inAmount`) for `user`, who pays the fee and must still sign;
   * it refuses to fill below `minOut` atomic units of the output.
   */
  swapTransaction(quote: SolanaSwapQuote, user: string, minOut: bigint, slippageBps: number): Promise<Transaction>;
}
