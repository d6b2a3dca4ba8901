import type { Rpc, SolanaRpcApi } from '@solana/kit';
import type { SolanaMarket } from '../solana-market/index.js';

/** Solana mainnet (CAIP-2); the sandbox chain stands in for it. */
export const SOLANA_NETWORK = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

/**
 * What the Solana tools reach: a JSON-RPC node and a market (token metadata, prices, swaps). Each accessor throws
 * the 503 naming its setting when this deployment has not configured it, so only the tools needing it fail.
 */
export interface SolanaChain {
  readonly network: string;
  /**
   * The sandbox ledger lands or refuses a transaction inside sendTransaction (and never expires its blockhash), so a
   * signature it has not seen was never sent. A live cluster may still land a transaction its node has not seen, for
   * as long as the transaction's blockhash is valid.
   */
  readonly landsOnSend: boolean;
  rpc(): Rpc<SolanaRpcApi>;
  market(): SolanaMarket;
}
