import { ACCOUNT_CREDIT_PATH, parseInput, ServiceError } from '@svc/contracts';
import {
  type CredentialResolver,
  creditToUsd,
  decodePaymentSignature,
  PaymentRejected,
  type PaymentProcessor,
  type PaymentRequirementsBuilder,
  offeredAmountOf,
  paymentTokenOf,
  SettlementFailed,
  usdToCredit,
  type VerifiedPayment,
} from '@svc/payments';
import { type CreditEntry, creditBalance, creditEntries, type Db, recordCall, recordSettledTopup } from '@svc/store';
import { encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const CREDIT_PATH = ACCOUNT_CREDIT_PATH;
export const TOPUP_PATH = `${CREDIT_PATH}/topup`;
/** The call ledger's tool name for top-ups (no catalog tool has it). */
const TOPUP_LEDGER_TOOL = 'credit_topup';

/** Whole cents from 0.01 to 10,000 USD: bounded, and few enough distinct prices to keep 402s cacheable. */
const TOPUP_AMOUNT = z
  .string()
  .regex(/^\d{1,5}(\.\d{1,2})?$/, { message: 'a USD amount with at most 2 decimals, e.g. "5" or "12.50"', abort: true })
  .refine((usd) => usdToCredit(usd) >= 10_000n && usdToCredit(usd) <= 10_000_000_000n, 'from 0.01 to 10000 USD');
const topupBody = z.strictObject({ amountUsd: TOPUP_AMOUNT });

export interface CreditRoutesOptions {
  readonly db: Db;
  readonly credentials: Pick<CredentialResolver, 'resolve'>;
  readonly payments: PaymentRequirementsBuilder;
  /** Verifies and settles top-up payments; without one, top-ups answer 503 naming FACILITATOR_URL. */
  readonly processor: PaymentProcessor | undefined;
  readonly publicBaseUrl: string;
}

const entryView = (e: CreditEntry) => ({
  id: e.id,
  kind: e.kind,
  amountUsd: creditToUsd(e.amount < 0n ? -e.amount : e.amount),
  direction: e.amount < 0n ? 'out' : 'in',
  balanceAfterUsd: creditToUsd(e.balanceAfter),
  tool: e.tool,
  reference: e.reference,
  callId: e.callId,
  note: e.note,
  createdAt: e.createdAt.toISOString(),
});

/**
 * Account credit, which MCP and A2A calls are paid from when they carry no x402 payment. Both routes take the
 * same credentials as MCP (x-api-key or Authorization: Bearer):
 * - `GET /api/account/credit` -> the balance and the 50 latest entries;
 * - `POST /api/account/credit/topup {amountUsd}` -> without PAYMENT-SIGNATURE, 402 for that amount in every payment
 *   token; with one, the payment is verified and settled and exactly `amountUsd` is credited (once per payment).
 */
export function creditRoutes(app: FastifyInstance, options: CreditRoutesOptions): void {
  const { db, credentials, payments, processor, publicBaseUrl } = options;
  const accountOf = async (request: FastifyRequest) =>
    (await credentials.resolve({ apiKey: request.headers['x-api-key'], authorization: request.headers.authorization })).accountId;

  app.get(CREDIT_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const [balance, entries] = await Promise.all([creditBalance(db, accountId), creditEntries(db, accountId)]);
    return reply.header('cache-control', 'no-store').send({ accountId, balanceUsd: creditToUsd(balance), entries: entries.map(entryView) });
  });

  app.post(TOPUP_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const { amountUsd } = parseInput(topupBody, request.body ?? {}, 'credit top-up');
    const resource = { url: `${publicBaseUrl}${TOPUP_PATH}`, description: `Add ${amountUsd} USD of account credit` };
    const paymentRequired = async (reply: FastifyReply, error?: string, paymentResponse?: string) => {
      const required = await payments.paymentRequired(resource, amountUsd, error);
      if (paymentResponse) reply.header('payment-response', paymentResponse);
      return reply.code(402).header('payment-required', required.header).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(required.json);
    };
    const signature = request.headers['payment-signature'];
    if (typeof signature !== 'string') return paymentRequired(reply);
    if (!processor) throw new ServiceError('not_configured', 'No payment facilitator is configured, so top-ups cannot be paid; nothing was charged. Set FACILITATOR_URL.', { extra: { setting: 'FACILITATOR_URL' } });

    const started = performance.now();
    const payload = decodePaymentSignature(signature);
    const ledger = { tool: TOPUP_LEDGER_TOOL, accountId, token: paymentTokenOf(payload.accepted)?.id ?? null, amount: offeredAmountOf(payload.accepted) };
    let payment: VerifiedPayment;
    try {
      payment = await processor.verify(payload, await payments.acceptableRequirements(resource, amountUsd), { tool: TOPUP_LEDGER_TOOL, resourceUrl: resource.url });
    } catch (error) {
      if (!(error instanceof PaymentRejected)) throw error;
      await recordCall(db, { ...ledger, outcome: `payment_rejected: ${error.reason.split(':')[0]}`, httpStatus: 402, latencyMs: performance.now() - started });
      return paymentRequired(reply, error.reason);
    }
    let settlement: SettleResponse;
    try {
      settlement = await processor.settle(payment, { accountId, creditAmount: usdToCredit(amountUsd) });
    } catch (error) {
      if (!(error instanceof SettlementFailed)) throw error;
      await recordCall(db, { ...ledger, payer: payment.payer, outcome: 'settlement_failed', httpStatus: 402, latencyMs: performance.now() - started });
      return paymentRequired(reply, error.response.errorReason ?? 'settlement_failed', encodePaymentResponseHeader(error.response));
    }
    const balance = await recordSettledTopup(db, {
      paymentId: payment.paymentId,
      call: { ...ledger, payer: payment.payer, txHash: settlement.transaction, outcome: 'settled', httpStatus: 200, latencyMs: performance.now() - started },
      accountId,
      amount: usdToCredit(amountUsd),
    });
    return reply
      .header('payment-response', encodePaymentResponseHeader(settlement))
      .header('cache-control', 'no-store')
      .send({ accountId, creditedUsd: amountUsd, balanceUsd: creditToUsd(balance), transaction: settlement.transaction, network: settlement.network, payer: payment.payer });
  });
}
