import { ServiceError } from '@svc/contracts';
import type { SettlementIntent } from '@svc/store';
import type { PaymentPayload, PaymentRequirements, SettleResponse } from '@x402/core/types';
import { isBatchSettlement } from './batch-settlement/offer.js';
import type { PaidCallTarget, PaymentSettler, VerifiedPayment } from './processor.js';

/**
 * The payment kinds a call can be paid with, by scheme: `batch-settlement` vouchers (payment channels) go to the
 * channel payments, every other scheme to the x402 processor. Without channel payments, a voucher is answered 503
 * naming the setting that would serve it; nothing is charged.
 */
export class PaymentKinds implements PaymentSettler {
  constructor(
    private readonly x402: PaymentSettler,
    private readonly channels: PaymentSettler | undefined,
  ) {}

  async verify(
    payload: PaymentPayload,
    offered: readonly PaymentRequirements[],
    call: PaidCallTarget,
  ): Promise<VerifiedPayment> {
    return this.#kindOf(payload.accepted).verify(payload, offered, call);
  }

  async settle(
    payment: VerifiedPayment,
    call?: Pick<SettlementIntent, 'accountId' | 'creditAmount'>,
  ): Promise<SettleResponse> {
    return this.#kindOf(payment.requirements).settle(payment, call);
  }

  async release(payment: VerifiedPayment): Promise<void> {
    return this.#kindOf(payment.requirements).release(payment);
  }

  #kindOf(requirements: Pick<PaymentRequirements, 'scheme'>): PaymentSettler {
    if (!isBatchSettlement(requirements)) return this.x402;
    if (this.channels) return this.channels;
    throw new ServiceError(
      'not_configured',
      'batch-settlement payments need a facilitator that serves the scheme on Base (its /supported must list batch-settlement with a receiverAuthorizer); nothing was charged. Set FACILITATOR_URL to one, or pay with exact.',
      { extra: { setting: 'FACILITATOR_URL', scheme: 'batch-settlement' } },
    );
  }
}
