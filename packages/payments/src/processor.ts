import { ServiceError } from '@svc/contracts';
import { claimPayment, type Db, markSettling, releasePaymentClaim, type SettlementIntent } from '@svc/store';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { verifyExactEvmLocally } from './exact-evm/local-verify.js';
import { signedPaymentOf } from './payment-identity.js';
import { PaymentRejected } from './payment-rejected.js';

export { PaymentRejected } from './payment-rejected.js';
import { paymentTokenOf } from './tokens.js';

/**
 * A payment the facilitator accepted for one call. It stays claimed in the store until it is released, or marked
 * settled together with the call's ledger row (recordSettledCall).
 */
export interface VerifiedPayment {
  readonly paymentId: string;
  readonly payload: PaymentPayload;
  readonly requirements: PaymentRequirements;
  readonly payer: string;
}

/** Settlement failed after verification: answered with 402 and PAYMENT-RESPONSE {success: false}. */
export class SettlementFailed extends Error {
  override readonly name = 'SettlementFailed';
  constructor(readonly response: SettleResponse) {
    super(response.errorReason ?? 'settlement failed');
  }
}

/**
 * Told of each verification's verdict. A facilitator's verdicts are seen where it is called; the ones the processor
 * reaches itself (verifyExactEvmLocally) are told here, so counting them needs no facilitator call.
 */
export interface VerificationObserver {
  verified(requirements: PaymentRequirements): void;
  refused(requirements: PaymentRequirements, reason: string): void;
}

/** The call a payment is offered for: the ledger's tool name, and the resource its 402 named. */
export interface PaidCallTarget {
  readonly tool: string;
  readonly resourceUrl: string;
}

const SAME_REQUIREMENT_FIELDS = ['scheme', 'network', 'asset', 'amount', 'payTo'] as const;

function matches(offered: PaymentRequirements, accepted: PaymentRequirements): boolean {
  return SAME_REQUIREMENT_FIELDS.every((field) => offered[field] === accepted[field]);
}

/**
 * The offered requirement a payment was made out for, checked for this call: the payment must match one of them
 * and name this call's resource (the requirements of two calls at one price are the same, so only the resource
 * tells them apart). Every payment kind checks this first.
 */
export function offeredRequirementFor(
  payload: PaymentPayload,
  offered: readonly PaymentRequirements[],
  call: PaidCallTarget,
): PaymentRequirements {
  const requirements = offered.find((candidate) => matches(candidate, payload.accepted));
  if (!requirements)
    throw new PaymentRejected(
      'payment_requirements_mismatch: the signed payment does not match any requirement offered for this tool; request a fresh 402',
    );
  if (payload.resource?.url !== call.resourceUrl) {
    throw new PaymentRejected(
      `resource_mismatch: this payment was not made out for ${call.resourceUrl} (its resource.url names another ` +
        "call, or none); sign the requirements of this call's own 402",
    );
  }
  return requirements;
}

/** Verifies a payment for one call, settles it once, or releases it unused: what every payment kind does. */
export interface PaymentSettler {
  verify(
    payload: PaymentPayload,
    offered: readonly PaymentRequirements[],
    call: PaidCallTarget,
  ): Promise<VerifiedPayment>;
  settle(
    payment: VerifiedPayment,
    call?: Pick<SettlementIntent, 'accountId' | 'creditAmount'>,
  ): Promise<SettleResponse>;
  release(payment: VerifiedPayment): Promise<void>;
}

function settlementPending(response: SettleResponse): ServiceError {
  return new ServiceError(
    'facilitator_unreachable',
    `The payment's settlement transaction ${response.transaction} was sent but not confirmed in time, so whether it was charged is not known yet. The payment stays claimed and is reconciled against the chain; do not sign a new payment for this call until it is.`,
    { extra: { transaction: response.transaction } },
  );
}

export function unreachable(cause: unknown): ServiceError {
  return new ServiceError(
    'facilitator_unreachable',
    `The payment facilitator did not answer (${cause instanceof Error ? cause.message : String(cause)}); nothing was charged. Try again shortly.`,
    { cause },
  );
}

/**
 * Verifies and settles x402 payments through a facilitator (the in-process one in sandbox mode, FACILITATOR_URL
 * in live mode). A signed payment pays for exactly one call: it is claimed in the store before any work, so a
 * replay or a concurrent double-submit is refused.
 */
export class PaymentProcessor implements PaymentSettler {
  constructor(
    private readonly facilitator: FacilitatorClient,
    private readonly db: Db,
    private readonly localVerdicts?: VerificationObserver,
  ) {}

  /**
   * Checks that the payment was made out for this call (its requirements and its resource) and has its scheme's
   * shape, claims it under its single-use identity, and verifies it: an EIP-3009 `exact` payment from a plain account
   * here, with no chain read (verifyExactEvmLocally), anything else through the facilitator.
   */
  async verify(
    payload: PaymentPayload,
    offered: readonly PaymentRequirements[],
    call: PaidCallTarget,
  ): Promise<VerifiedPayment> {
    const requirements = offeredRequirementFor(payload, offered, call);
    const { id: paymentId, authorization } = signedPaymentOf(payload);
    // Checked before the claim, so a refused payment writes nothing (see verifyExactEvmLocally).
    const local = verifyExactEvmLocally(payload, requirements);
    if (local.kind === 'invalid') {
      this.localVerdicts?.refused(requirements, local.reason.split(':')[0]!);
      throw new PaymentRejected(local.reason);
    }
    if (!(await claimPayment(this.db, { paymentId, tool: call.tool, network: requirements.network, authorization }))) {
      throw new PaymentRejected(
        'payment_already_used: this signed payment was already used (or is being used by a concurrent request); sign a new one',
      );
    }
    if (local.kind === 'valid') {
      this.localVerdicts?.verified(requirements);
      return { paymentId, payload, requirements, payer: local.payer };
    }
    let verdict: Awaited<ReturnType<FacilitatorClient['verify']>>;
    try {
      verdict = await this.facilitator.verify(payload, requirements);
    } catch (cause) {
      await releasePaymentClaim(this.db, paymentId);
      throw unreachable(cause);
    }
    if (!verdict.isValid || !verdict.payer) {
      await releasePaymentClaim(this.db, paymentId);
      throw new PaymentRejected(verdict.invalidReason ?? 'invalid_payment');
    }
    return { paymentId, payload, requirements, payer: verdict.payer };
  }

  /**
   * Settles on chain. The intent is recorded first (the claim turns 'settling' with the call's account, token and
   * amount), so a settlement whose call never records it is found and reconciled on chain (reconcileSettlements).
   * The caller records the call with recordSettledCall, which also marks the claim settled.
   */
  async settle(
    payment: VerifiedPayment,
    call: Pick<SettlementIntent, 'accountId' | 'creditAmount'> = {},
  ): Promise<SettleResponse> {
    const { requirements } = payment;
    const token = paymentTokenOf(requirements)?.id ?? requirements.asset;
    await markSettling(this.db, payment.paymentId, {
      payer: payment.payer,
      token,
      amount: requirements.amount,
      accountId: call.accountId ?? null,
      creditAmount: call.creditAmount ?? null,
    });
    let response: SettleResponse;
    try {
      response = await this.facilitator.settle(payment.payload, payment.requirements);
    } catch (cause) {
      // The outcome is unknown (the transaction may have been broadcast): keep the claim so the payment is never used twice.
      throw unreachable(cause);
    }
    // Broadcast but not confirmed in time: it may still land, so the outcome is unknown, not refused. The claim stays
    // settling and reconciliation decides by the chain; answering a 402 here would tell the payer nothing was taken.
    if (!response.success && response.errorReason === 'settlement_pending') throw settlementPending(response);
    if (!response.success) throw new SettlementFailed(response);
    return response;
  }

  /** The call failed before settlement: the payment was not taken and may be used again. */
  release(payment: VerifiedPayment): Promise<void> {
    return releasePaymentClaim(this.db, payment.paymentId);
  }
}
