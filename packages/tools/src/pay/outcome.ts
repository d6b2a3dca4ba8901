import { toProblem } from '@svc/contracts';
import type { PaymentRequiredResponse } from '@svc/payments';
import {
  completeIdempotencyKey,
  type Db,
  type IdempotencyScope,
  releaseIdempotencyKey,
  type StoredResponse,
} from '@svc/store';
import { decodePaymentResponseHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import type { Stored } from '../idempotency.js';

/** What a call paid from account credit cost, and what is left (USD decimal strings). */
export interface CreditCharge {
  readonly chargedUsd: string;
  readonly balanceUsd: string;
}

/**
 * What a call came to, as objects: each transport spells them its own way (REST: PAYMENT-REQUIRED and
 * PAYMENT-RESPONSE headers; MCP: `_meta`; A2A: message metadata). `settlement` is the facilitator's receipt.
 */
export type InvokeOutcome =
  /** The tool ran and was paid: by an x402 payment that settled (`settlement`), or from the caller's account credit (`credit`). */
  | {
      readonly status: 200;
      readonly body: Record<string, unknown>;
      readonly settlement?: SettleResponse;
      readonly credit?: CreditCharge;
    }
  /**
   * Payment required, refused, or its settlement failed (then `settlement` is the refused one, {success: false}).
   * `paymentRequired` carries the object with its serialisations, which the requirements cache computes once.
   */
  | { readonly status: 402; readonly paymentRequired: PaymentRequiredResponse; readonly settlement?: SettleResponse }
  /** A write tool failed after its payment settled: the error, plus the settlement the caller paid. */
  | { readonly status: 'failed_after_settlement'; readonly error: unknown; readonly settlement: SettleResponse }
  /** An Idempotency-Key retry: the first request's response, replayed without a second charge. */
  | {
      readonly status: 'replayed';
      readonly httpStatus: number;
      readonly body: unknown;
      readonly settlement: SettleResponse | null;
    };

/** Did this outcome charge the caller (now, not in an earlier request it replays)? */
export const charged = (outcome: InvokeOutcome): boolean =>
  outcome.status === 200 || outcome.status === 'failed_after_settlement';

// The idempotency table keeps a settlement as the PAYMENT-RESPONSE encoding: the rows written before invoke spoke
// objects hold it so, and a retry must replay them too.
const storedSettlement = (settlement: SettleResponse | undefined): string | null =>
  settlement ? encodePaymentResponseHeader(settlement) : null;

export const replayOf = (stored: Stored): InvokeOutcome => ({
  status: 'replayed',
  httpStatus: stored.httpStatus,
  body: stored.body,
  settlement: stored.paymentResponse === null ? null : decodePaymentResponseHeader(stored.paymentResponse),
});

/** What a charged outcome leaves under its Idempotency-Key for retries; undefined when nothing was charged. */
export function storedResponseOf(outcome: InvokeOutcome): StoredResponse | undefined {
  if (outcome.status === 200)
    return { httpStatus: 200, body: outcome.body, paymentResponse: storedSettlement(outcome.settlement) };
  if (outcome.status === 'failed_after_settlement') {
    const problem = toProblem(outcome.error);
    return { httpStatus: problem.status, body: problem, paymentResponse: storedSettlement(outcome.settlement) };
  }
  return undefined;
}

/** Keep a charged outcome under its Idempotency-Key for retries; forget the key when nothing was charged. */
export async function rememberOutcome(
  db: Db,
  scope: IdempotencyScope | undefined,
  outcome: InvokeOutcome,
): Promise<InvokeOutcome> {
  if (!scope) return outcome;
  const response = storedResponseOf(outcome);
  if (response) await completeIdempotencyKey(db, scope, response);
  else await releaseIdempotencyKey(db, scope);
  return outcome;
}
