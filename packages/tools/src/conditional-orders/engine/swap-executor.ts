import type { OrderNetwork } from '@svc/store';

/** One exact-input swap an order asks for, in whole-token decimal strings (the executor knows the decimals). */
export interface SwapRequest {
  readonly network: OrderNetwork;
  /** The account whose vault signs and pays. */
  readonly accountId: string;
  readonly sellToken: string;
  readonly buyToken: string;
  readonly sellQuantity: string;
  /** The least the order accepts (a LIMIT order's price guarantee); undefined leaves it to the account's swap slippage. */
  readonly minBuyQuantity: string | undefined;
}

export type SwapOutcome =
  | {
      readonly status: 'confirmed';
      readonly txHash: string;
      readonly soldQuantity: string;
      readonly boughtQuantity: string;
    }
  | { readonly status: 'failed'; readonly txHash: string | null; readonly reason: string };

/**
 * The port through which the trigger engine swaps (chain tools plug in one per network family). `execute` must call
 * `beforeBroadcast(txHash, lifetime)` with the signed transaction's hash or signature and wait for it before
 * broadcasting: the engine records both, so a crash after that point is reconciled with `reconcile` instead of
 * swapping twice. `lifetime` is whatever the chain needs later to tell a transaction still pending from one that can
 * never land (Solana: its recent blockhash); omitted where the hash suffices.
 */
export interface SwapExecutor {
  execute(
    request: SwapRequest,
    beforeBroadcast: (txHash: string, lifetime?: string) => Promise<void>,
  ): Promise<SwapOutcome>;
  /**
   * What became of a recorded transaction: its outcome when it was mined (confirmed or reverted; one still pending,
   * or one that may still land within its `lifetime`, is waited for), 'unknown' when it can no longer land and the
   * chain never saw it (then nothing moved and the order may be retried).
   */
  reconcile(request: SwapRequest, txHash: string, lifetime: string | null): Promise<SwapOutcome | 'unknown'>;
}

/** The executors per network; a network without one cannot execute (its orders wait). */
export type SwapExecutors = Partial<Record<OrderNetwork, SwapExecutor>>;
