import { ServiceError } from '@svc/contracts';
import { type PaymentRequirementsBuilder, type PaymentSettler, paymentIdOf } from '@svc/payments';
import { claimIdempotencyKey, findIdempotencyByPayment, releaseIdempotencyKey } from '@svc/store';
import type { PaymentPayload } from '@x402/core/types';
import { storedResponseFor } from '../idempotency.js';
import { type InvokeOutcome, rememberOutcome, replayOf, storedResponseOf } from './outcome.js';
import type { PaidCall } from './paid-call.js';
import { refundFailedCall } from './refund.js';
import { isRefusal, verifyCharge, X402Charge } from './x402-charge.js';

export interface X402Payment {
  readonly payload: PaymentPayload;
  /** Verifies and settles the payment: the x402 processor, or the batch-settlement channels (see PaymentKinds). */
  readonly processor: PaymentSettler;
  readonly payments: PaymentRequirementsBuilder;
  /** The resource the 402 named (its quotes stay payable for their timeout). */
  readonly resource: { readonly url: string; readonly description: string };
}

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
  const target = {
    db,
    processor,
    payments,
    resource,
    usd,
    ledgerTool: tool.name,
    accountId: caller?.accountId ?? null,
    paymentRequired,
  };
  const verified = await verifyCharge<InvokeOutcome>(target, payload, async () => {
    if (!idempotencyKey) return undefined;
    // A retry carrying the very same signed payment: its payer was verified by the first request.
    const prior = await findIdempotencyByPayment(db, idempotencyKey, paymentIdOf(payload));
    return prior ? replayOf(await storedResponseFor(db, prior, prior, call)) : undefined;
  });
  if (!(verified instanceof X402Charge)) return verified;
  const charge = verified;
  const { payment } = charge;
  const scope = idempotencyKey ? { key: idempotencyKey, payer: payerKeyOf(payment.payer) } : undefined;
  if (scope) {
    const held = await claimIdempotencyKey(db, { ...scope, ...call, paymentId: payment.paymentId });
    if (held) {
      // This key already answered (or is answering) for this payer: the new payment is not taken.
      await charge.release();
      return replayOf(await storedResponseFor(db, scope, held, call));
    }
  }
  const remember = (outcome: InvokeOutcome) => rememberOutcome(db, scope, outcome);
  // 7 execute: nothing changes for an unpaid call (see `payWithX402`); 8 settle, once: before the run, at the
  // handler's commit point, or after it succeeds
  if (paid.settlement === 'before-run') {
    const upfront = await charge.settle();
    if (isRefusal(upfront)) return remember(upfront);
  }
  let body: Record<string, unknown>;
  try {
    body = await execute(paid.settlement === 'commit-point' ? () => charge.commit() : undefined);
  } catch (error) {
    if (charge.refusal) return remember(charge.refusal);
    const { settlement } = charge;
    if (settlement) {
      const row = {
        ...charge.ledgerRow('failed_after_settlement', error instanceof ServiceError ? error.status : 500),
        txHash: settlement.transaction,
      };
      const failure = await refundFailedCall(db, { error, usd, caller, payment, call: row });
      return remember({ status: 'failed_after_settlement', error: failure, settlement });
    }
    // Refused before anything was committed. (A settlement whose outcome is unknown keeps its claim: see `commit`.)
    if (!charge.attempted) {
      await charge.release();
      if (scope) await releaseIdempotencyKey(db, scope);
      await charge.record('failed_not_charged', error instanceof ServiceError ? error.status : 500);
    }
    throw error;
  }
  const settled = await charge.settle();
  if (isRefusal(settled)) return remember(settled);
  const outcome: InvokeOutcome = { status: 200, body, settlement: settled };
  // The ledger row, the claim marked settled and the key's stored answer are written in one transaction.
  await charge.record('settled', 200, settled, scope && { scope, response: storedResponseOf(outcome)! });
  return outcome;
}

/**
 * The payer as an idempotency scope names it: an EVM address in one spelling (a facilitator may answer it
 * checksummed, a local check lowercase), so one payer's keys never split in two. Other chains' addresses are
 * case-sensitive (base58 Solana, Stacks c32) and stay as they are.
 */
export const payerKeyOf = (payer: string): string => (/^0x[0-9a-fA-F]{40}$/.test(payer) ? payer.toLowerCase() : payer);
