import { ServiceError } from '@svc/contracts';
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';

/** Decode a PAYMENT-SIGNATURE header; a malformed one is a 400 that says what is wrong. */
export function decodePaymentSignature(header: string): PaymentPayload {
  let payload: PaymentPayload;
  try {
    payload = decodePaymentSignatureHeader(header);
  } catch (cause) {
    throw new ServiceError('invalid_payment_header', 'PAYMENT-SIGNATURE must be base64-encoded JSON of an x402 PaymentPayload.', { cause });
  }
  if (typeof payload !== 'object' || payload === null || payload.x402Version !== 2 || typeof payload.accepted !== 'object' || typeof payload.payload !== 'object') {
    throw new ServiceError('invalid_payment_header', 'PAYMENT-SIGNATURE must be an x402 v2 PaymentPayload with x402Version 2, accepted and payload.');
  }
  return payload;
}
