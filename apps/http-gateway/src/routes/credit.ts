import { ACCOUNT_CREDIT_PATH, parseInput } from '@svc/contracts';
import { type CredentialResolver, creditToUsd, decodePaymentSignature, usdToCredit } from '@svc/payments';
import { type CreditEntry, creditBalance, creditEntries, type Db } from '@svc/store';
import type { ToolService } from '@svc/tools';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendPaymentRequired, withSettlement } from './payment-headers.js';

export const CREDIT_PATH = ACCOUNT_CREDIT_PATH;
export const TOPUP_PATH = `${CREDIT_PATH}/topup`;
/** Whole cents from 0.01 to 10,000 USD: bounded, and few enough distinct prices to keep 402s cacheable. */
const TOPUP_AMOUNT = z
  .string()
  .regex(/^\d{1,5}(\.\d{1,2})?$/, { message: 'a USD amount with at most 2 decimals, e.g. "5" or "12.50"', abort: true })
  .refine((usd) => usdToCredit(usd) >= 10_000n && usdToCredit(usd) <= 10_000_000_000n, 'from 0.01 to 10000 USD');
export const topupBody = z.strictObject({ amountUsd: TOPUP_AMOUNT });

export interface CreditRoutesOptions {
  readonly db: Db;
  readonly credentials: Pick<CredentialResolver, 'resolve'>;
  /** Charges top-ups (`ToolService.topUp`: the x402 charge step of paid calls). */
  readonly tools: Pick<ToolService, 'topUp'>;
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
 * The routes only spell the top-up in HTTP (PAYMENT-SIGNATURE in, PAYMENT-REQUIRED and PAYMENT-RESPONSE out).
 */
export function creditRoutes(app: FastifyInstance, options: CreditRoutesOptions): void {
  const { db, credentials, tools, publicBaseUrl } = options;
  const accountOf = async (request: FastifyRequest) =>
    (await credentials.resolve({ apiKey: request.headers['x-api-key'], authorization: request.headers.authorization }))
      .accountId;

  app.get(CREDIT_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const [balance, entries] = await Promise.all([creditBalance(db, accountId), creditEntries(db, accountId)]);
    return reply
      .header('cache-control', 'no-store')
      .send({ accountId, balanceUsd: creditToUsd(balance), entries: entries.map(entryView) });
  });

  app.post(TOPUP_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const { amountUsd } = parseInput(topupBody, request.body ?? {}, 'credit top-up');
    const signature = request.headers['payment-signature'];
    const outcome = await tools.topUp({
      accountId,
      amountUsd,
      resourceUrl: `${publicBaseUrl}${TOPUP_PATH}`,
      payment: typeof signature === 'string' ? decodePaymentSignature(signature) : undefined,
    });
    if (outcome.status === 402) return sendPaymentRequired(reply, outcome);
    const { settlement } = outcome;
    return withSettlement(reply, settlement).header('cache-control', 'no-store').send({
      accountId,
      creditedUsd: outcome.creditedUsd,
      balanceUsd: outcome.balanceUsd,
      transaction: settlement.transaction,
      network: settlement.network,
      payer: outcome.payer,
    });
  });
}
