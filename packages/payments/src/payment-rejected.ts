/**
 * What a refused payment's 402 adds to the requirement of its scheme, so the payer can correct itself: a
 * batch-settlement voucher signed against another cumulative state gets the channel's state and latest voucher.
 */
export interface PaymentCorrection {
  readonly scheme: string;
  readonly extra: Readonly<Record<string, unknown>>;
}

/** The payment cannot pay for this call: answered with a fresh 402 whose `error` says why. */
export class PaymentRejected extends Error {
  override readonly name = 'PaymentRejected';
  constructor(
    readonly reason: string,
    readonly correction?: PaymentCorrection,
  ) {
    super(reason);
  }
}

/** A payment payload that is not a well-formed payload of its scheme: refused before it is claimed or verified. */
export const invalidPayload = (detail: string) =>
  new PaymentRejected(`invalid_payload: ${detail}; sign a new payment from the 402's requirements`);
