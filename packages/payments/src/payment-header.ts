import { ServiceError } from '@svc/contracts';
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';

/** Decode a PAYMENT-SIGNATURE header; a malformed one is a 400 that says what is wrong. */
export function decodePaymentSignature(header: string): PaymentPayload {
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(header);
  } catch (cause) {
    throw new ServiceError(
      'invalid_payment_header',
      'PAYMENT-SIGNATURE must be base64-encoded JSON of an x402 PaymentPayload.',
      { cause },
    );
  }
  return paymentPayloadOf(decoded, 'PAYMENT-SIGNATURE');
}

/**
 * A payment as a transport received it (decoded from PAYMENT-SIGNATURE, or an MCP / A2A object), checked to have
 * the x402 v2 shape every later step reads; `name` is how the caller knows where it sent it.
 */
export function paymentPayloadOf(value: unknown, name = 'The payment'): PaymentPayload {
  const payload = value as PaymentPayload | null;
  if (
    typeof payload !== 'object' ||
    payload === null ||
    payload.x402Version !== 2 ||
    typeof payload.accepted !== 'object' ||
    typeof payload.payload !== 'object'
  ) {
    throw new ServiceError(
      'invalid_payment_header',
      `${name} must be an x402 v2 PaymentPayload with x402Version 2, accepted and payload.`,
    );
  }
  return payload;
}

/**
 * A PaymentRequired as the 402 sends it: the JSON body and the same JSON base64-encoded for PAYMENT-REQUIRED. The
 * bytes equal @x402/core's encodePaymentRequiredHeader, whose byte-by-byte string building cost a fifth of an unpaid
 * 402's CPU; the JSON is serialised once for both.
 */
export function encodePaymentRequired(body: PaymentRequired): {
  readonly body: PaymentRequired;
  readonly json: string;
  readonly header: string;
} {
  const json = JSON.stringify(body);
  return { body, json, header: Buffer.from(json, 'utf8').toString('base64') };
}

/** The 402 with a refused payment's correction merged into the `extra` of its scheme's requirements. */
export function withCorrection(
  response: { readonly body: PaymentRequired },
  correction: { readonly scheme: string; readonly extra: Readonly<Record<string, unknown>> },
): ReturnType<typeof encodePaymentRequired> {
  return encodePaymentRequired({
    ...response.body,
    accepts: response.body.accepts.map((accept) =>
      accept.scheme === correction.scheme ? { ...accept, extra: { ...accept.extra, ...correction.extra } } : accept,
    ),
  });
}
