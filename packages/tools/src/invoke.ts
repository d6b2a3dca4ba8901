import { type CatalogTool, findTool, notImplemented, type PriceOverrides, parseInput, priceOf, ServiceError, unknownTool } from '@svc/contracts';
import { decodePaymentSignature, type PaymentProcessor, type PaymentRequiredResponse, type PaymentRequirementsBuilder, withSiwxChallenge } from '@svc/payments';
import { type Db, releaseSpend, type SpendingPolicy } from '@svc/store';
import { changingNothing } from './changes-nothing.js';
import { type CallerAccount, type HandlerContext, handlerFor, type HandlerResources, type HandlerTable, type ServiceMode, settlementOf } from './handler.js';
import { handlers as implemented } from './handlers.js';
import { type CallerCredentials, identify, type SiwxSettings, siwxChallengeFor } from './identify.js';
import { idempotencyKeyOf, inputHashOf } from './idempotency.js';
import { payFromCredit } from './pay/credit.js';
import { charged, type InvokeOutcome } from './pay/outcome.js';
import type { PaidCall } from './pay/paid-call.js';
import { payWithX402 } from './pay/x402.js';
import { type CallSpend, checkCall, policyOf, reserveDailySpend, spendOf } from './policy/index.js';
import { type MovedValue, movesNothing, NOTHING_MOVED, unpriced, type ValuationTable } from './valuation.js';
import { valuations as declared } from './valuations.js';

export type { CreditCharge, InvokeOutcome } from './pay/outcome.js';
export { CREDIT_TOKEN } from './pay/credit.js';

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

/** The service's settings, and the resources (custody, providers, chains) it lends to every handler. */
export interface ToolServiceOptions extends HandlerResources {
  readonly mode: ServiceMode;
  readonly db: Db;
  readonly payments: PaymentRequirementsBuilder;
  /** Verifies and settles payments; without one, paid calls answer 503 naming FACILITATOR_URL. */
  readonly processor?: PaymentProcessor | undefined;
  readonly priceOverrides?: PriceOverrides;
  readonly handlers?: HandlerTable;
  /** What each wallet-modifying tool moves, for the spending policy (valuations.ts unless given). */
  readonly valuations?: ValuationTable;
  /** Sign-in (SIWX) for identity-gated tools: the public origin proofs must name, and the smart-wallet verifier. */
  readonly siwx: SiwxSettings;
}

/** The 402 `error` when a payment arrives for an identity-gated tool without a sign-in proof: it was not looked at. */
const SIGN_IN_FIRST =
  'sign_in_required: this tool is identity-gated; sign the challenge in extensions["sign-in-with-x"] and send it in SIGN-IN-WITH-X with the payment (the payment was not used)';

/**
 * `invoke`: the one pipeline every transport calls (ARCHITECTURE.md, "One pipeline, three transports"): resolve,
 * validate, identify, price, the account's spending policy, pay, execute, settle, record. Failures are thrown as
 * `ServiceError`.
 *
 * A call with an x402 payment pays with it (pay/x402.ts). A caller its transport authenticated (MCP, A2A:
 * `request.caller`) that sends none pays from its account credit (pay/credit.ts). A call acting for an account is
 * held to that account's spending policy before anything is charged or moved (policy/).
 */
export class ToolService {
  readonly #handlers: HandlerTable;
  readonly #valuations: ValuationTable;
  readonly #resources: HandlerResources;

  constructor(private readonly options: ToolServiceOptions) {
    this.#handlers = options.handlers ?? implemented;
    this.#valuations = options.valuations ?? declared;
    const { mode: _mode, db: _db, payments: _payments, processor: _processor, priceOverrides: _priceOverrides, handlers: _handlers, valuations: _valuations, siwx: _siwx, ...resources } =
      options;
    this.#resources = resources;
  }

  #contextFor(caller: CallerAccount | undefined): HandlerContext {
    return { ...this.#resources, mode: this.options.mode, db: this.options.db, caller };
  }

  /**
   * What `tool` moves out of the caller's wallets, by the tool's own valuation. Tools that change no wallet move
   * nothing; so does a tool without a handler (it answers 501 before it is paid).
   */
  async #movedValue(tool: CatalogTool, input: unknown, context: HandlerContext): Promise<MovedValue> {
    if (tool.effect !== 'write' || !handlerFor(this.#handlers, tool)) return NOTHING_MOVED;
    const valuation = this.#valuations[tool.name];
    if (!valuation) return unpriced(`${tool.name} declares no valuation of what it moves`);
    if (valuation === movesNothing) return NOTHING_MOVED;
    return (valuation as (input: unknown, context: HandlerContext) => Promise<MovedValue>)(input, context);
  }

  /**
   * The account's spending policy and what this call (input already validated) spends under it: its price plus the
   * value it moves, read before anything is signed or paid. Throws the rule the call breaks on its own (403).
   */
  async checkPolicy(tool: CatalogTool, input: unknown, accountId: string): Promise<{ policy: SpendingPolicy; spend: CallSpend }> {
    const policy = await policyOf(this.options.db, accountId);
    const moved = await this.#movedValue(tool, input, this.#contextFor({ accountId }));
    const spend = spendOf(input, priceOf(tool, this.options.priceOverrides), moved);
    checkCall(policy, tool.name, spend);
    return { policy, spend };
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
      return tool.identity ? withSiwxChallenge(response, siwxChallengeFor(siwx, request.resourceUrl)) : response;
    };
    if (identification.kind === 'challenge') {
      return { status: 402, paymentRequired: await paymentRequired(request.paymentSignature ? SIGN_IN_FIRST : undefined) };
    }
    const { caller } = identification;
    // 5a policy: the rules a call breaks on its own, what it moves included, refuse it before any payment is asked for
    const { policy, spend } = caller ? await this.checkPolicy(tool, input, caller.accountId) : {};
    if (!request.paymentSignature && !request.caller) return { status: 402, paymentRequired: await paymentRequired() };
    const payload = request.paymentSignature ? decodePaymentSignature(request.paymentSignature) : undefined;
    const idempotencyKey = idempotencyKeyOf(request.idempotencyKey, tool.name);
    const handler = handlerFor(this.#handlers, tool);
    // A paid call to a tool without a handler is refused before the payment is verified, so it is never charged.
    if (!handler) throw notImplemented(tool.name);
    if (payload && !processor) {
      throw new ServiceError('not_configured', 'No payment facilitator is configured, so paid calls cannot be verified; nothing was charged. Set FACILITATOR_URL.', {
        extra: { setting: 'FACILITATOR_URL', tool: tool.name },
      });
    }
    const settlement = settlementOf(tool, handler);
    const handlerDb = settlement === 'after-success' ? changingNothing(db, tool.name) : db;
    const context: HandlerContext = { ...this.#contextFor(caller), db: handlerDb };
    const paid: PaidCall = {
      db,
      tool,
      usd,
      caller,
      call: { tool: tool.name, inputHash: idempotencyKey ? inputHashOf(input) : '' },
      idempotencyKey,
      execute: async (commit) => {
        const output = await handler(input, commit ? { ...context, commit } : context);
        return this.options.mode === 'sandbox' ? { ...output, sandbox: true } : output;
      },
      settlement,
      paymentRequired,
    };

    // 5b policy: the daily cap holds the call's spend until the call ends; an uncharged call gives it back
    const reservation = policy && spend && caller ? await reserveDailySpend(db, policy, caller.accountId, tool.name, spend) : undefined;
    try {
      const outcome = payload
        ? await payWithX402(paid, { payload, processor: processor!, payments, resource })
        : // Only a caller its transport authenticated gets here unpaid (see above): it pays from its account credit.
          await payFromCredit(paid, request.caller!.accountId);
      if (reservation && !charged(outcome)) await releaseSpend(db, reservation);
      return outcome;
    } catch (error) {
      // A settlement whose outcome is unknown may have been charged: its spend stays counted.
      const unknown = error instanceof ServiceError && error.code === 'facilitator_unreachable';
      if (reservation && !unknown) await releaseSpend(db, reservation);
      throw error;
    }
  }
}
