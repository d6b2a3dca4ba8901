import type { PaymentRequiredResponse } from '@svc/payments';
import { encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import type { FastifyReply } from 'fastify';

/** PAYMENT-RESPONSE: the settlement as base64 JSON, when there was one. */
export function withSettlement(reply: FastifyReply, settlement: SettleResponse | null | undefined): FastifyReply {
  return settlement ? reply.header('payment-response', encodePaymentResponseHeader(settlement)) : reply;
}

/** The 402: the PaymentRequired as JSON body and as PAYMENT-REQUIRED, with the refused settlement when there was one. */
export function sendPaymentRequired(
  reply: FastifyReply,
  refusal: { readonly paymentRequired: PaymentRequiredResponse; readonly settlement?: SettleResponse | undefined },
): FastifyReply {
  return withSettlement(reply, refusal.settlement)
    .code(402)
    .header('payment-required', refusal.paymentRequired.header)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(refusal.paymentRequired.json);
}
