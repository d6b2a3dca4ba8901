// Test helpers for the conditional-order engine (used by this folder's tests and the worker's).
import type { SwapExecutor, SwapOutcome, SwapRequest } from './engine/swap-executor.js';

/** A swap the recording executor performed. */
export interface RecordedSwap {
  readonly request: SwapRequest;
  readonly txHash: string;
}

/**
 * A SwapExecutor for unit tests of the state machine: fills every swap at `rate(request)` output per input and
 * records it; `failWith` makes the next swaps fail with that reason. The chain executors replace it end to end.
 */
export function recordingExecutor(
  rate: (request: SwapRequest) => number = () => 2,
): SwapExecutor & { swaps: RecordedSwap[]; failWith: string | undefined } {
  const swaps: RecordedSwap[] = [];
  const executor = {
    swaps,
    failWith: undefined as string | undefined,
    async execute(request: SwapRequest, beforeBroadcast: (txHash: string) => Promise<void>): Promise<SwapOutcome> {
      const txHash = `0x${(swaps.length + 1).toString(16).padStart(64, '0')}`;
      await beforeBroadcast(txHash);
      if (executor.failWith) return { status: 'failed', txHash, reason: executor.failWith };
      swaps.push({ request, txHash });
      return {
        status: 'confirmed',
        txHash,
        soldQuantity: request.sellQuantity,
        boughtQuantity: String(Number(request.sellQuantity) * rate(request)),
      };
    },
    async reconcile(_request: SwapRequest, txHash: string): Promise<SwapOutcome | 'unknown'> {
      const swap = swaps.find((recorded) => recorded.txHash === txHash);
      return swap
        ? {
            status: 'confirmed',
            txHash,
            soldQuantity: swap.request.sellQuantity,
            boughtQuantity: String(Number(swap.request.sellQuantity) * rate(swap.request)),
          }
        : 'unknown';
    },
  };
  return executor;
}
