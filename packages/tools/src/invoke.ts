import type { MasterKeyProvider } from '@svc/chains';
import { findTool, notImplemented, type PriceOverrides, parseInput, priceOf, ServiceError, toProblem, unknownTool } from '@svc/contracts';
import {
  decodePaymentSignature,
  PaymentRejected,
  paymentIdOf,
  type PaymentProcessor,
  type PaymentRequiredResponse,
  type PaymentRequirementsBuilder,
  paymentTokenOf,
  SettlementFailed,
  type VerifiedPayment,
  withSiwxChallenge,
} from '@svc/payments';
import { claimIdempotencyKey, completeIdempotencyKey, type Db, findIdempotencyByPayment, recordCall, recordSettledCall, releaseIdempotencyKey } from '@svc/store';
import { encodePaymentResponseHeader } from '@x402/core/http';
import type { SettleResponse } from '@x402/core/types';
import { type HandlerContext, handlerFor, type HandlerTable, type ServiceMode } from './handler.js';
import { handlers as implemented } from './handlers.js';
import { type CallerCredentials, identify, type SiwxSettings, siwxChallengeFor } from './identify.js';
import { idempotencyKeyOf, inputHashOf, type Stored, storedResponseFor } from './idempotency.js';

export interface InvokeRequest extends CallerCredentials {
  readonly tool: string;
  /** The request body as received (already JSON-parsed). */
  readonly input: unknown;
  /** The PAYMENT-SIGNATURE header, when the caller sent one. */
  readonly paymentSignature?: string | undefined;
  /** Absolute URL of the tool resource (goes into the 402's `resource`). */
  readonly resourceUrl: string;
  /** The Idempotency-Key header: a retry with the same key, tool, input and payer gets the stored response. */
  readonly idempotencyKey?: string | undefined;
}

export type InvokeOutcome =
  /** The tool ran and its payment settled; `paymentResponse` is the base64 PAYMENT-RESPONSE. */
  | { readonly status: 200; readonly body: Record<string, unknown>; readonly paymentResponse: string }
  /** Payment required, refused, or its settlement failed (then `paymentResponse` carries {success: false}). */
  | { readonly status: 402; readonly paymentRequired: PaymentRequiredResponse; readonly paymentResponse?: string }
  /** A write tool failed after its payment settled upfront: the error, plus the settlement the caller paid. */
  | { readonly status: 'failed_after_settlement'; readonly error: unknown; readonly paymentResponse: string }
  /** An Idempotency-Key retry: the first request's response, replayed without a second charge. */
  | { readonly status: 'replayed'; readonly httpStatus: number; readonly body: unknown; readonly paymentResponse: string | null };

export interface ToolServiceOptions {
  readonly mode: ServiceMode;
  readonly db: Db;
  readonly payments: PaymentRequirementsBuilder;
  /** Verifies and settles payments; without one, paid calls answer 503 naming FACILITATOR_URL. */
  readonly processor?: PaymentProcessor | undefined;
  readonly priceOverrides?: PriceOverrides;
  readonly handlers?: HandlerTable;
  /** Sign-in (SIWX) for identity-gated tools: the public origin proofs must name, and the smart-wallet verifier. */
  readonly siwx: SiwxSettings;
  /** Seals the vault seeds handlers create (see @svc/chains custody). */
  readonly masterKey: MasterKeyProvider;
}

const paymentResponseHeader = (response: SettleResponse) => encodePaymentResponseHeader(response);

/** The 402 `error` when a payment arrives for an identity-gated tool without a sign-in proof: it was not looked at. */
const SIGN_IN_FIRST =
  'sign_in_required: this tool is identity-gated; sign the challenge in extensions["sign-in-with-x"] and send it in SIGN-IN-WITH-X with the payment (the payment was not used)';

/**
 * `invoke`: the one pipeline every transport calls (ARCHITECTURE.md, "One pipeline, three transports").
 * Read tools: verify -> execute -> settle, so a failed call is never charged. Write tools: verify -> settle ->
 * execute ("upfront"), so nothing moves on chain for an unpaid call. Failures are thrown as `ServiceError`.
 */
export class ToolService {
  readonly #handlers: HandlerTable;

  constructor(private readonly options: ToolServiceOptions) {
    this.#handlers = options.handlers ?? implemented;
  }

  async invoke(request: InvokeRequest): Promise<InvokeOutcome> {
    // 1 resolve
    const tool = findTool(request.tool);
    if (!tool) throw unknownTool(request.tool);
    // 2 validate: before any payment is asked for
    const input = parseInput(tool.input, request.input, tool.name);
    const { db, payments, processor, siwx } = this.options;
    // 3 identify: before the payment is looked at, so nothing is claimed or settled without a valid proof
    const identification = await identify(db, tool, request, siwx, request.resourceUrl);
    // 4 price
    const usd = priceOf(tool, this.options.priceOverrides);
    const resource = { url: request.resourceUrl, description: tool.summary };
    // Every 402 of an identity-gated tool carries a fresh sign-in challenge (never cached: each has its own nonce).
    const paymentRequired = async (error?: string): Promise<PaymentRequiredResponse> => {
      const response = await payments.paymentRequired(resource, usd, error);
      return tool.identity ? withSiwxChallenge(response, await siwxChallengeFor(db, siwx, request.resourceUrl)) : response;
    };
    if (identification.kind === 'challenge') {
      return { status: 402, paymentRequired: await paymentRequired(request.paymentSignature ? SIGN_IN_FIRST : undefined) };
    }
    const { caller } = identification;
    if (!request.paymentSignature) return { status: 402, paymentRequired: await paymentRequired() };
    const payload = decodePaymentSignature(request.paymentSignature);
    const idempotencyKey = idempotencyKeyOf(request.idempotencyKey);
    const handler = handlerFor(this.#handlers, tool);
    // A paid call to a tool without a handler is refused before the payment is verified, so it is never charged.
    if (!handler) throw notImplemented(tool.name);
    if (!processor) {
      throw new ServiceError('not_configured', 'No payment facilitator is configured, so paid calls cannot be verified; nothing was charged. Set FACILITATOR_URL.', {
        extra: { setting: 'FACILITATOR_URL', tool: tool.name },
      });
    }

    const call = { tool: tool.name, inputHash: idempotencyKey ? inputHashOf(input) : '' };
    const replay = (stored: Stored): InvokeOutcome => ({ status: 'replayed', httpStatus: stored.httpStatus, body: stored.body, paymentResponse: stored.paymentResponse });
    const paymentId = paymentIdOf(payload);
    if (idempotencyKey) {
      // A retry carrying the very same signed payment: its payer was verified by the first request.
      const prior = await findIdempotencyByPayment(db, idempotencyKey, paymentId);
      if (prior) return replay(await storedResponseFor(db, prior, prior, call));
    }

    // 5 pay: verify (and claim the payment for this call)
    const started = performance.now();
    const offered = await payments.acceptableRequirements(resource, usd);
    let payment: VerifiedPayment;
    try {
      payment = await processor.verify(payload, offered, tool.name);
    } catch (error) {
      if (!(error instanceof PaymentRejected)) throw error;
      await recordCall(db, { tool: tool.name, accountId: caller?.accountId ?? null, token: paymentTokenOf(payload.accepted)?.id ?? null, amount: payload.accepted.amount, outcome: `payment_rejected: ${error.reason.split(':')[0]}`, httpStatus: 402, latencyMs: performance.now() - started });
      return { status: 402, paymentRequired: await paymentRequired(error.reason) };
    }
    const scope = idempotencyKey ? { key: idempotencyKey, payer: payment.payer } : undefined;
    if (scope) {
      const held = await claimIdempotencyKey(db, { ...scope, ...call, paymentId });
      if (held) {
        // This key already answered (or is answering) for this payer: the new payment is not taken.
        await processor.release(payment);
        return replay(await storedResponseFor(db, scope, held, call));
      }
    }
    const remember = async (outcome: InvokeOutcome): Promise<InvokeOutcome> => {
      if (!scope) return outcome;
      if (outcome.status === 200) await completeIdempotencyKey(db, scope, { httpStatus: 200, body: outcome.body, paymentResponse: outcome.paymentResponse });
      else if (outcome.status === 'failed_after_settlement') {
        const problem = toProblem(outcome.error);
        await completeIdempotencyKey(db, scope, { httpStatus: problem.status, body: problem, paymentResponse: outcome.paymentResponse });
      } else await releaseIdempotencyKey(db, scope);
      return outcome;
    };
    const record = (outcome: string, httpStatus: number, settlement?: SettleResponse) => {
      const call = {
        tool: tool.name,
        accountId: caller?.accountId ?? null,
        payer: payment.payer,
        token: paymentTokenOf(payment.requirements)?.id ?? payment.requirements.asset,
        amount: payment.requirements.amount,
        txHash: settlement?.transaction || null,
        outcome,
        httpStatus,
        latencyMs: performance.now() - started,
      };
      // A settled payment's claim is marked settled by the statement that writes this row.
      return settlement?.success ? recordSettledCall(db, payment.paymentId, { ...call, txHash: settlement.transaction }) : recordCall(db, call);
    };
    const settle = async (): Promise<SettleResponse | InvokeOutcome> => {
      try {
        return await processor.settle(payment);
      } catch (error) {
        if (!(error instanceof SettlementFailed)) {
          // Facilitator unreachable mid-settlement: the outcome is unknown, so the payment stays claimed (never reused).
          await record('settlement_unknown', error instanceof ServiceError ? error.status : 500);
          throw error;
        }
        await record('settlement_failed', 402, error.response);
        return { status: 402, paymentRequired: await paymentRequired(error.response.errorReason ?? 'settlement_failed'), paymentResponse: paymentResponseHeader(error.response) };
      }
    };
    const context: HandlerContext = { mode: this.options.mode, db, caller, masterKey: this.options.masterKey };
    const execute = async () => {
      const output = await handler(input as never, context);
      return this.options.mode === 'sandbox' ? { ...output, sandbox: true } : output;
    };

    // 7 execute and 8 settle, in the order the tool's effect demands
    if (tool.effect === 'write') {
      const settlement = await settle();
      if (!('success' in settlement)) return remember(settlement);
      try {
        const body = await execute();
        await record('settled', 200, settlement);
        return remember({ status: 200, body, paymentResponse: paymentResponseHeader(settlement) });
      } catch (error) {
        await record('failed_after_settlement', error instanceof ServiceError ? error.status : 500, settlement);
        return remember({ status: 'failed_after_settlement', error, paymentResponse: paymentResponseHeader(settlement) });
      }
    }
    let body: Record<string, unknown>;
    try {
      body = await execute();
    } catch (error) {
      await processor.release(payment);
      if (scope) await releaseIdempotencyKey(db, scope);
      await record('failed_not_charged', error instanceof ServiceError ? error.status : 500);
      throw error;
    }
    const settlement = await settle();
    if (!('success' in settlement)) return remember(settlement);
    await record('settled', 200, settlement);
    return remember({ status: 200, body, paymentResponse: paymentResponseHeader(settlement) });
  }
}
