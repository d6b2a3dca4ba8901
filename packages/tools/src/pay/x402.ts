import { ServiceError } from '@svc/contracts';
import { PaymentRejected, paymentIdOf, type PaymentProcessor, type PaymentRequirementsBuilder, paymentTokenOf, SettlementFailed, type VerifiedPayment } from '@svc/payments';
import { claimIdempotencyKey, findIdempotencyByPayment, recordCall, recordSettledCall, releaseIdempotencyKey } from '@svc/store';
import { encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import { storedResponseFor } from '../idempotency.js';
import { type InvokeOutcome, rememberOutcome, replayOf } from './outcome.js';
import type { PaidCall } from './paid-call.js';

export interface X402Payment {
  readonly payload: PaymentPayload;
  readonly processor: PaymentProcessor;
  readonly payments: PaymentRequirementsBuilder;
  /** The resource the 402 named (its quotes stay payable for their timeout). */
  readonly resource: { readonly url: string; readonly description: string };
}

const paymentResponseHeader = (response: SettleResponse) => encodePaymentResponseHeader(response);

/**
 * Steps 5 to 9 for a call paid with an x402 payment. Read tools: verify -> execute -> settle, so a failed call is
 * never charged. Write tools: verify -> settle -> execute ("upfront"), so nothing moves on chain for an unpaid call.
 */
export async function payWithX402(paid: PaidCall, x402: X402Payment): Promise<InvokeOutcome> {
  const { db, tool, usd, caller, call, idempotencyKey, execute, paymentRequired } = paid;
  const { payload, processor, payments, resource } = x402;
  const paymentId = paymentIdOf(payload);
  if (idempotencyKey) {
    // A retry carrying the very same signed payment: its payer was verified by the first request.
    const prior = await findIdempotencyByPayment(db, idempotencyKey, paymentId);
    if (prior) return replayOf(await storedResponseFor(db, prior, prior, call));
  }

  // 5 pay: verify (and claim the payment for this call)
  const started = performance.now();
  const offered = await payments.acceptableRequirements(resource, usd);
  let payment: VerifiedPayment;
  try {
    payment = await processor.verify(payload, offered, tool.name);
  } catch (error) {
    if (!(error instanceof PaymentRejected)) throw error;
    await recordCall(db, { tool: tool.name, accountId: caller?.accountId ?? null, token: paymentTokenOf(payload.accepted)?.id ?? null, amount: payload.accepted.amount, outcome: `payment_rejected: ${error.reason.split(':')[0]}`, httpStatus: 402, latencyMs: performance.now() - started });
    return { status: 402, paymentRequired: await paymentRequired(error.reason) };
  }
  const scope = idempotencyKey ? { key: idempotencyKey, payer: payment.payer } : undefined;
  if (scope) {
    const held = await claimIdempotencyKey(db, { ...scope, ...call, paymentId });
    if (held) {
      // This key already answered (or is answering) for this payer: the new payment is not taken.
      await processor.release(payment);
      return replayOf(await storedResponseFor(db, scope, held, call));
    }
  }
  const remember = (outcome: InvokeOutcome) => rememberOutcome(db, scope, outcome);
  const record = (outcome: string, httpStatus: number, settlement?: SettleResponse) => {
    const row = {
      tool: tool.name,
      accountId: caller?.accountId ?? null,
      payer: payment.payer,
      token: paymentTokenOf(payment.requirements)?.id ?? payment.requirements.asset,
      amount: payment.requirements.amount,
      txHash: settlement?.transaction || null,
      outcome,
      httpStatus,
      latencyMs: performance.now() - started,
    };
    // A settled payment's claim is marked settled by the statement that writes this row.
    return settlement?.success ? recordSettledCall(db, payment.paymentId, { ...row, txHash: settlement.transaction }) : recordCall(db, row);
  };
  const settle = async (): Promise<SettleResponse | InvokeOutcome> => {
    try {
      return await processor.settle(payment);
    } catch (error) {
      if (!(error instanceof SettlementFailed)) {
        // Facilitator unreachable mid-settlement: the outcome is unknown, so the payment stays claimed (never reused).
        await record('settlement_unknown', error instanceof ServiceError ? error.status : 500);
        throw error;
      }
      await record('settlement_failed', 402, error.response);
      return { status: 402, paymentRequired: await paymentRequired(error.response.errorReason ?? 'settlement_failed'), paymentResponse: paymentResponseHeader(error.response) };
    }
  };

  // 7 execute and 8 settle, in the order the tool's effect demands
  if (tool.effect === 'write') {
    const settlement = await settle();
    if (!('success' in settlement)) return remember(settlement);
    try {
      const body = await execute();
      await record('settled', 200, settlement);
      return remember({ status: 200, body, paymentResponse: paymentResponseHeader(settlement) });
    } catch (error) {
      await record('failed_after_settlement', error instanceof ServiceError ? error.status : 500, settlement);
      return remember({ status: 'failed_after_settlement', error, paymentResponse: paymentResponseHeader(settlement) });
    }
  }
  let body: Record<string, unknown>;
  try {
    body = await execute();
  } catch (error) {
    await processor.release(payment);
    if (scope) await releaseIdempotencyKey(db, scope);
    await record('failed_not_charged', error instanceof ServiceError ? error.status : 500);
    throw error;
  }
  const settlement = await settle();
  if (!('success' in settlement)) return remember(settlement);
  await record('settled', 200, settlement);
  return remember({ status: 200, body, paymentResponse: paymentResponseHeader(settlement) });
}
