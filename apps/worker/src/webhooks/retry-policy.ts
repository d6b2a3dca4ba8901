/** When failed deliveries are tried again, and when they are given up ("dead"). */
export interface RetryPolicy {
  /** Delay after the first failed attempt; each later failure doubles it. */
  readonly baseDelayMs: number;
  /** No delay grows beyond this. */
  readonly maxDelayMs: number;
  /** After this many failed attempts the delivery is dead and never tried again. */
  readonly maxAttempts: number;
}

/**
 * 10 attempts: retries after 30 s, 1, 2, 4, 8, 16, 32 min, then 1 h, 1 h (about 3 h 4 min from the first attempt
 * to the last), then dead. Long enough to ride out a receiver's deploy or short outage, short enough that events do
 * not arrive hours stale.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 10 };

/** The delay before the next attempt after `failedAttempts` failures, or null when the delivery is now dead. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number | null {
  if (failedAttempts >= policy.maxAttempts) return null;
  return Math.min(policy.baseDelayMs * 2 ** (failedAttempts - 1), policy.maxDelayMs);
}
