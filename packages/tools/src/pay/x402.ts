import { ServiceError } from '@svc/contracts';
import { offeredAmountOf, PaymentRejected, paymentIdOf, type PaymentProcessor, type PaymentRequirementsBuilder, paymentTokenOf, SettlementFailed, type VerifiedPayment } from '@svc/payments';
import { claimIdempotencyKey, findIdempotencyByPayment, recordCall, recordSettledCall, releaseIdempotencyKey } from '@svc/store';
import { encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import { storedResponseFor } from '../idempotency.js';
import { type InvokeOutcome, rememberOutcome, replayOf } from './outcome.js';
import type { PaidCall } from './paid-call.js';
import { refundFailedCall } from './refund.js';

export interface X402Payment {
  readonly payload: PaymentPayload;
  readonly processor: PaymentProcessor;
  readonly payments: PaymentRequirementsBuilder;
  /** The resource the 402 named (its quotes stay payable for their timeout). */
  readonly resource: { readonly url: string; readonly description: string };
}

const paymentResponseHeader = (response: SettleResponse) => encodePaymentResponseHeader(response);

/**
 * Steps 5 to 9 for a call paid with an x402 payment: verify, execute, settle, record. The payment settles once, at
 * the tool's settlement point (its catalog `settlement`), the latest moment that still keeps every effect paid for:
 * - `after-success` tools change nothing, so they settle after they succeed and a failed call is never charged;
 * - `commit-point` tools settle when their handler calls `commit`, after its checks and just before its first effect,
 *   so a call refused before it (insufficient funds, unknown memory) is not charged, and nothing changes unpaid;
 * - `before-run` tools settle before they run ("upfront").
 * A call that fails after settling answers `failed_after_settlement` with the receipt of what was paid, and its price
 * is credited back to account credit (see `refundFailedCall`).
 */
export async function payWithX402(paid: PaidCall, x402: X402Payment): Promise<InvokeOutcome> {
  const { db, tool, usd, caller, call, idempotencyKey, execute, paymentRequired } = paid;
  const { payload, processor, payments, resource } = x402;
  // 5 pay: verify (and claim the payment for this call)
  const started = performance.now();
  let payment: VerifiedPayment;
  try {
    if (idempotencyKey) {
      // A retry carrying the very same signed payment: its payer was verified by the first request.
      const prior = await findIdempotencyByPayment(db, idempotencyKey, paymentIdOf(payload));
      if (prior) return replayOf(await storedResponseFor(db, prior, prior, call));
    }
    const offered = await payments.acceptableRequirements(resource, usd);
    payment = await processor.verify(payload, offered, { tool: tool.name, resourceUrl: resource.url });
  } catch (error) {
    if (!(error instanceof PaymentRejected)) throw error;
    await recordCall(db, { tool: tool.name, accountId: caller?.accountId ?? null, token: paymentTokenOf(payload.accepted)?.id ?? null, amount: offeredAmountOf(payload.accepted), outcome: `payment_rejected: ${error.reason.split(':')[0]}`, httpStatus: 402, latencyMs: performance.now() - started });
    return { status: 402, paymentRequired: await paymentRequired(error.reason) };
  }
  const scope = idempotencyKey ? { key: idempotencyKey, payer: payment.payer } : undefined;
  if (scope) {
    const held = await claimIdempotencyKey(db, { ...scope, ...call, paymentId: payment.paymentId });
    if (held) {
      // This key already answered (or is answering) for this payer: the new payment is not taken.
      await processor.release(payment);
      return replayOf(await storedResponseFor(db, scope, held, call));
    }
  }
  const remember = (outcome: InvokeOutcome) => rememberOutcome(db, scope, outcome);
  const ledgerRow = (outcome: string, httpStatus: number, receipt?: SettleResponse) => ({
    tool: tool.name,
    accountId: caller?.accountId ?? null,
    payer: payment.payer,
    token: paymentTokenOf(payment.requirements)?.id ?? payment.requirements.asset,
    amount: payment.requirements.amount,
    txHash: receipt?.transaction || null,
    outcome,
    httpStatus,
    latencyMs: performance.now() - started,
  });
  const record = (outcome: string, httpStatus: number, receipt?: SettleResponse) => {
    const row = ledgerRow(outcome, httpStatus, receipt);
    // A settled payment's claim is marked settled by the statement that writes this row.
    return receipt?.success ? recordSettledCall(db, payment.paymentId, { ...row, txHash: receipt.transaction }) : recordCall(db, row);
  };
  // 8 settle, once: at the handler's commit point, or after it succeeds (see `payWithX402`)
  let settlement: SettleResponse | undefined;
  let refusal: InvokeOutcome | undefined;
  let settling: Promise<void> | undefined;
  const commit = () =>
    (settling ??= (async () => {
      try {
        settlement = await processor.settle(payment, { accountId: caller?.accountId ?? null });
      } catch (error) {
        if (!(error instanceof SettlementFailed)) {
          // Facilitator unreachable mid-settlement: the outcome is unknown, so the payment stays claimed (never reused).
          await record('settlement_unknown', error instanceof ServiceError ? error.status : 500);
          throw error;
        }
        await record('settlement_failed', 402, error.response);
        refusal = { status: 402, paymentRequired: await paymentRequired(error.response.errorReason ?? 'settlement_failed'), paymentResponse: paymentResponseHeader(error.response) };
        throw new SettlementRefused();
      }
    })());

  /** Settles now unless settled already; a refused settlement is the 402 to answer. */
  const settleNow = async (): Promise<InvokeOutcome | undefined> => {
    try {
      await commit();
      return undefined;
    } catch (error) {
      if (refusal) return refusal;
      throw error;
    }
  };

  // 7 execute: nothing changes for an unpaid call (see `payWithX402`)
  const upfront = paid.settlement === 'before-run' ? await settleNow() : undefined;
  if (upfront) return remember(upfront);
  let body: Record<string, unknown>;
  try {
    body = await execute(paid.settlement === 'commit-point' ? commit : undefined);
  } catch (error) {
    if (refusal) return remember(refusal);
    if (settlement) {
      const row = { ...ledgerRow('failed_after_settlement', error instanceof ServiceError ? error.status : 500), txHash: settlement.transaction };
      const failure = await refundFailedCall(db, { error, usd, caller, payment, call: row });
      return remember({ status: 'failed_after_settlement', error: failure, paymentResponse: paymentResponseHeader(settlement) });
    }
    // Refused before anything was committed. (A settlement whose outcome is unknown keeps its claim: see `commit`.)
    if (!settling) {
      await processor.release(payment);
      if (scope) await releaseIdempotencyKey(db, scope);
      await record('failed_not_charged', error instanceof ServiceError ? error.status : 500);
    }
    throw error;
  }
  const refused = await settleNow();
  if (refused) return remember(refused);
  await record('settled', 200, settlement);
  return remember({ status: 200, body, paymentResponse: paymentResponseHeader(settlement!) });
}

/** Thrown out of `commit` into the handler when the settlement is refused; the pipeline answers the 402 instead. */
class SettlementRefused extends Error {
  constructor() {
    super('the payment settlement was refused, so the call stopped before committing anything');
  }
}
