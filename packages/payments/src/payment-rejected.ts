/** The payment cannot pay for this call: answered with a fresh 402 whose `error` says why. */
export class PaymentRejected extends Error {
  override readonly name = 'PaymentRejected';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A payment payload that is not a well-formed payload of its scheme: refused before it is claimed or verified. */
export const invalidPayload = (detail: string) =>
  new PaymentRejected(`invalid_payload: ${detail}; sign a new payment from the 402's requirements`);
