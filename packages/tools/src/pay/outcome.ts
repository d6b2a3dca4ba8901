import { toProblem } from '@svc/contracts';
import type { PaymentRequiredResponse } from '@svc/payments';
import { completeIdempotencyKey, type Db, type IdempotencyScope, releaseIdempotencyKey } from '@svc/store';
import type { Stored } from '../idempotency.js';

/** What a call paid from account credit cost, and what is left (USD decimal strings). */
export interface CreditCharge {
  readonly chargedUsd: string;
  readonly balanceUsd: string;
}

export type InvokeOutcome =
  /**
   * The tool ran and was paid: by an x402 payment that settled (`paymentResponse`, the base64 PAYMENT-RESPONSE), or
   * from the caller's account credit (`credit`).
   */
  | { readonly status: 200; readonly body: Record<string, unknown>; readonly paymentResponse?: string; readonly credit?: CreditCharge }
  /** Payment required, refused, or its settlement failed (then `paymentResponse` carries {success: false}). */
  | { readonly status: 402; readonly paymentRequired: PaymentRequiredResponse; readonly paymentResponse?: string }
  /** A write tool failed after its payment settled: the error, plus the settlement the caller paid. */
  | { readonly status: 'failed_after_settlement'; readonly error: unknown; readonly paymentResponse: string }
  /** An Idempotency-Key retry: the first request's response, replayed without a second charge. */
  | { readonly status: 'replayed'; readonly httpStatus: number; readonly body: unknown; readonly paymentResponse: string | null };

/** Did this outcome charge the caller (now, not in an earlier request it replays)? */
export const charged = (outcome: InvokeOutcome): boolean => outcome.status === 200 || outcome.status === 'failed_after_settlement';

export const replayOf = (stored: Stored): InvokeOutcome => ({ status: 'replayed', httpStatus: stored.httpStatus, body: stored.body, paymentResponse: stored.paymentResponse });

/** Keep a charged outcome under its Idempotency-Key for retries; forget the key when nothing was charged. */
export async function rememberOutcome(db: Db, scope: IdempotencyScope | undefined, outcome: InvokeOutcome): Promise<InvokeOutcome> {
  if (!scope) return outcome;
  if (outcome.status === 200) await completeIdempotencyKey(db, scope, { httpStatus: 200, body: outcome.body, paymentResponse: outcome.paymentResponse ?? null });
  else if (outcome.status === 'failed_after_settlement') {
    const problem = toProblem(outcome.error);
    await completeIdempotencyKey(db, scope, { httpStatus: problem.status, body: problem, paymentResponse: outcome.paymentResponse });
  } else await releaseIdempotencyKey(db, scope);
  return outcome;
}
