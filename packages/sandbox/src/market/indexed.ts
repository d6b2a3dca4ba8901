/** What the sandbox market index holds, per chain: the shapes the market tools' adapter reads. */

/** The chains of the sandbox market, by the catalog's names. */
export type SandboxMarketChain = 'ethereum' | 'base' | 'bsc' | 'polygon' | 'altchain' | 'solana';

export interface IndexedToken {
  /** Checksummed ERC-20, SPL mint; the native coin: 0xEeee…EeE on EVM, the wrapped-SOL mint on Solana. */
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly priceUsd: number;
  /** USD value of both reserves of every pool holding the token. */
  readonly liquidityUsd: number;
  /** Whole tokens; null for the native coin. */
  readonly supply: number | null;
}

export interface IndexedLeg {
  readonly address: string;
  readonly symbol: string;
  /** Whole tokens. */
  readonly amount: number;
}

export interface IndexedTrade {
  readonly transactionHash: string;
  readonly blockNumber: number;
  /** Block time, ms since the epoch. */
  readonly timestamp: number;
  /** The transaction's signer (EVM `from`, Solana fee payer). */
  readonly trader: string;
  readonly pool: string;
  readonly sold: IndexedLeg;
  readonly bought: IndexedLeg;
  /** The sold side at the pools' price just before the trade. */
  readonly valueUsd: number;
}

export interface IndexedHolder {
  readonly address: string;
  /** Whole tokens. */
  readonly balance: number;
}

/** The index of one chain; every read first brings it up to the chain's head. */
export interface ChainIndex {
  tokens(): Promise<readonly IndexedToken[]>;
  /** Every indexed trade (the retention window), oldest first. */
  trades(): Promise<readonly IndexedTrade[]>;
  /** Non-zero holders of `token` (any case), largest first. */
  holders(token: string): Promise<readonly IndexedHolder[]>;
  /** The token's price at `at` (ms): the last swap or re-pricing before it, else the earliest known. */
  priceUsdAt(token: string, at: number): Promise<number | undefined>;
  /** Non-zero balances of `wallet`. */
  balances(wallet: string): Promise<readonly { readonly token: IndexedToken; readonly balance: number }[]>;
  /** Forgets everything (the chain was restored to its seed); the next read indexes it again from its start. */
  reset(): void;
}

/** Trades and price points older than this are dropped (the memory bound of a long-running sandbox). */
export const MARKET_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
