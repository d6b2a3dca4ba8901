import {
  type CatalogTool,
  findTool,
  notImplemented,
  type PriceOverrides,
  parseInput,
  priceOf,
  ServiceError,
  serviceErrorIn,
  unknownTool,
  type UsdPrice,
} from '@svc/contracts';
import {
  type PaymentRequiredResponse,
  type PaymentRequirementsBuilder,
  type PaymentSettler,
  paymentPayloadOf,
  withSiwxChallenge,
} from '@svc/payments';
import { collectProvenance, withProvenance } from '@svc/providers';
import { type Db, releaseSpend, type SpendingPolicy } from '@svc/store';
import { type CallIdentity, type CallObserver, reportOf, type Transport } from './call-report.js';
import { changingNothing } from './changes-nothing.js';
import {
  type CallerAccount,
  type HandlerContext,
  handlerFor,
  type HandlerResources,
  type HandlerTable,
  type ServiceMode,
  settlementOf,
} from './handler.js';
import { handlers as implemented, valuations as declared } from './families.js';
import { type CallerCredentials, identify, type SiwxSettings, siwxChallengeFor } from './identify.js';
import { idempotencyKeyOf, inputHashOf } from './idempotency.js';
import { payFromCredit } from './pay/credit.js';
import { charged, type InvokeOutcome } from './pay/outcome.js';
import type { PaidCall } from './pay/paid-call.js';
import { topUpCredit, type TopupOutcome } from './pay/topup.js';
import { payWithX402 } from './pay/x402.js';
import { type CallSpend, checkCall, policyOf, reserveDailySpend, spendOf } from './policy/index.js';
import { type MovedValue, movesNothing, NOTHING_MOVED, unpriced, type ValuationTable } from './valuation.js';

export type { CreditCharge, InvokeOutcome } from './pay/outcome.js';
export type { TopupCredited, TopupOutcome } from './pay/topup.js';

/** Who calls which tool with what: everything the stages before payment read. */
export interface CallRequest extends CallerCredentials {
  readonly tool: string;
  /** The request body as received (already JSON-parsed). */
  readonly input: unknown;
  /** Absolute URL of the tool resource (goes into the 402's `resource`; a payment must name it). */
  readonly resourceUrl: string;
  /** x402 extensions every 402 of this resource advertises (the REST route's Bazaar discovery declaration). */
  readonly extensions?: Readonly<Record<string, unknown>> | undefined;
  /** The transport the call came through, for its report (default `rest`). */
  readonly transport?: Transport;
}

/** How a prepared call is paid, as its transport received it. */
export interface CallPayment {
  /**
   * The x402 PaymentPayload object (decoded from PAYMENT-SIGNATURE by the REST route; MCP's `_meta` and A2A's
   * message metadata carry it as is), checked here before anything reads it. None: a caller its transport
   * authenticated pays from its account credit; anyone else gets the 402.
   */
  readonly payment?: unknown;
  /** The Idempotency-Key: a retry with the same key, tool, input and payer gets the stored response. */
  readonly idempotencyKey?: string | undefined;
}

export interface InvokeRequest extends CallRequest, CallPayment {}

/** What every prepared call knows: the tool, its price and its 402. */
interface PreparedBase {
  readonly tool: CatalogTool;
  /** The call's price in USD (decimal string). */
  readonly usd: UsdPrice;
  readonly resource: { readonly url: string; readonly description: string };
  /** The 402 for this call, with `error` saying why a payment was refused. */
  paymentRequired(error?: string): Promise<PaymentRequiredResponse>;
}

/**
 * A call through the stages before payment (resolve, validate, identify, price, the spending policy's per-call
 * rules): what an approval shows, and what `execute` runs. An identity-gated tool called without a sign-in proof
 * stops at identify: its answer is the 402 carrying a sign-in challenge.
 */
export type PreparedCall =
  | (PreparedBase & {
      readonly kind: 'ready';
      /** The validated input (defaults applied). */
      readonly input: unknown;
      readonly caller: CallerAccount | undefined;
      /**
       * The account an unpaid call is charged to: the caller its transport authenticated. A sign-in proof identifies
       * a caller without letting it spend its credit, so such a call pays with x402.
       */
      readonly creditAccount: string | undefined;
      /** The caller account's spending policy and what the call spends under it, when an account calls. */
      readonly policy: { readonly rules: SpendingPolicy; readonly spend: CallSpend } | undefined;
    })
  | (PreparedBase & {
      readonly kind: 'sign-in-required';
      /** The 402 with a fresh sign-in challenge; a payment sent along was not looked at, and the answer says so. */
      answer(paymentSent: boolean): Promise<InvokeOutcome>;
    });

export type ReadyCall = Extract<PreparedCall, { kind: 'ready' }>;

/** The service's settings, and the resources (custody, providers, chains) it lends to every handler. */
export interface ToolServiceOptions extends HandlerResources {
  readonly mode: ServiceMode;
  readonly db: Db;
  readonly payments: PaymentRequirementsBuilder;
  /** Verifies and settles payments; without one, paid calls answer 503 naming FACILITATOR_URL. */
  readonly processor?: PaymentSettler | undefined;
  readonly priceOverrides?: PriceOverrides;
  readonly handlers?: HandlerTable;
  /** What each wallet-modifying tool moves, for the spending policy (the families' registry unless given). */
  readonly valuations?: ValuationTable;
  /** Sign-in (SIWX) for identity-gated tools: the public origin proofs must name, and the smart-wallet verifier. */
  readonly siwx: SiwxSettings;
  /** Told of every call invoked (its log line and metrics). */
  readonly observer?: CallObserver | undefined;
}

/** The 402 `error` when a payment arrives for an identity-gated tool without a sign-in proof: it was not looked at. */
const SIGN_IN_FIRST =
  'sign_in_required: this tool is identity-gated; sign the challenge in extensions["sign-in-with-x"] and send it in SIGN-IN-WITH-X with the payment (the payment was not used)';

/**
 * `invoke`: the one pipeline every transport calls (ARCHITECTURE.md, "One pipeline, three transports"), in two
 * stages: `prepare` (resolve, validate, identify, price, the spending policy's per-call rules) and `execute` (pay,
 * execute, settle, record). A transport that must show a call before it runs (A2A approval) prepares it, and
 * invokes it once approved. Failures are thrown as `ServiceError`. Payments and settlements are objects here;
 * each transport spells them its own way.
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
    const {
      mode: _mode,
      db: _db,
      payments: _payments,
      processor: _processor,
      priceOverrides: _priceOverrides,
      handlers: _handlers,
      valuations: _valuations,
      siwx: _siwx,
      observer: _observer,
      ...resources
    } = options;
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
  async #checkPolicy(
    tool: CatalogTool,
    input: unknown,
    usd: string,
    accountId: string,
  ): Promise<{ rules: SpendingPolicy; spend: CallSpend }> {
    const rules = await policyOf(this.options.db, accountId);
    const moved = await this.#movedValue(tool, input, this.#contextFor({ accountId }));
    const spend = spendOf(input, usd, moved);
    checkCall(rules, tool.name, spend);
    return { rules, spend };
  }

  /**
   * Steps 1 to 5a, nothing paid or changed: the call ready to execute, or the sign-in it needs first (never for a
   * caller its transport authenticated).
   */
  prepare(request: CallRequest & { readonly caller: CallerAccount }): Promise<ReadyCall>;
  prepare(request: CallRequest): Promise<PreparedCall>;
  async prepare(request: CallRequest): Promise<PreparedCall> {
    // 1 resolve
    const tool = findTool(request.tool);
    if (!tool) throw unknownTool(request.tool);
    // 2 validate: before any payment is asked for
    const input = parseInput(tool.input, request.input, tool.name);
    const { db, payments, siwx } = this.options;
    // 3 identify: before the payment is looked at, so nothing is claimed or settled without a valid proof
    const identification = await identify(db, tool, request, siwx, request.resourceUrl);
    // 4 price
    const usd = priceOf(tool, this.options.priceOverrides);
    const resource = { url: request.resourceUrl, description: tool.summary, extensions: request.extensions };
    // Every 402 of an identity-gated tool carries a fresh sign-in challenge (never cached: each has its own nonce).
    const paymentRequired = async (error?: string): Promise<PaymentRequiredResponse> => {
      const response = await payments.paymentRequired(resource, usd, error);
      return tool.identity ? withSiwxChallenge(response, siwxChallengeFor(siwx, request.resourceUrl)) : response;
    };
    if (identification.kind === 'challenge') {
      const answer = async (paymentSent: boolean): Promise<InvokeOutcome> => ({
        status: 402,
        paymentRequired: await paymentRequired(paymentSent ? SIGN_IN_FIRST : undefined),
      });
      return { kind: 'sign-in-required', tool, usd, resource, paymentRequired, answer };
    }
    const { caller } = identification;
    // 5a policy: the rules a call breaks on its own, what it moves included, refuse it before any payment is asked for
    const policy = caller ? await this.#checkPolicy(tool, input, usd, caller.accountId) : undefined;
    return {
      kind: 'ready',
      tool,
      input,
      usd,
      resource,
      caller,
      creditAccount: request.caller?.accountId,
      policy,
      paymentRequired,
    };
  }

  /** Steps 5b to 9 of a prepared call: the daily cap, pay, execute, settle, record. */
  async execute(prepared: ReadyCall, request: CallPayment): Promise<InvokeOutcome> {
    const { tool, input, usd, resource, caller, creditAccount, policy, paymentRequired } = prepared;
    const { db, payments, processor } = this.options;
    if (request.payment === undefined && !creditAccount)
      return { status: 402, paymentRequired: await paymentRequired() };
    const payload = request.payment === undefined ? undefined : paymentPayloadOf(request.payment);
    const idempotencyKey = idempotencyKeyOf(request.idempotencyKey, tool.name);
    const handler = handlerFor(this.#handlers, tool);
    // A paid call to a tool without a handler is refused before the payment is verified, so it is never charged.
    if (!handler) throw notImplemented(tool.name);
    if (payload && !processor) {
      throw new ServiceError(
        'not_configured',
        'No payment facilitator is configured, so paid calls cannot be verified; nothing was charged. Set FACILITATOR_URL.',
        {
          extra: { setting: 'FACILITATOR_URL', tool: tool.name },
        },
      );
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
        const { value, provenance } = await collectProvenance(async () => {
          try {
            return await handler(input as never, commit ? { ...context, commit } : context);
          } catch (error) {
            throw serviceErrorIn(error) ?? error;
          }
        });
        const output = provenance ? withProvenance(value, provenance) : value;
        return this.options.mode === 'sandbox' ? { ...output, sandbox: true } : output;
      },
      settlement,
      paymentRequired,
    };
    // 5b policy: the daily cap holds the call's spend until the call ends; an uncharged call gives it back
    const reservation =
      policy && caller
        ? await reserveDailySpend(db, policy.rules, caller.accountId, tool.name, policy.spend)
        : undefined;
    try {
      const outcome = payload
        ? await payWithX402(paid, { payload, processor: processor!, payments, resource })
        : // Only a caller its transport authenticated gets here unpaid (see above): it pays from its account credit.
          await payFromCredit(paid, creditAccount!);
      if (reservation && !charged(outcome)) await releaseSpend(db, reservation);
      return outcome;
    } catch (error) {
      // A settlement whose outcome is unknown may have been charged: its spend stays counted.
      const unknown = error instanceof ServiceError && error.code === 'facilitator_unreachable';
      if (reservation && !unknown) await releaseSpend(db, reservation);
      throw error;
    }
  }

  /** Both stages at once, for a transport that has the whole call (payment included) in hand. */
  async invoke(request: InvokeRequest): Promise<InvokeOutcome> {
    const call = { tool: request.tool, transport: request.transport ?? 'rest', accountId: request.caller?.accountId };
    return this.observed(call, async () => {
      const prepared = await this.prepare(request);
      return prepared.kind === 'sign-in-required'
        ? prepared.answer(request.payment !== undefined)
        : this.execute(prepared, request);
    });
  }

  /**
   * Runs `call` (prepare and execute, as `invoke` does) and reports what it came to, thrown errors included, to the
   * observer: one report per call whichever transport it came through. `invoke` uses it; a transport that runs the
   * two stages itself (REST decodes the payment only once it knows the call can use it) wraps them in it.
   */
  async observed(call: CallIdentity, run: () => Promise<InvokeOutcome>): Promise<InvokeOutcome> {
    const { observer } = this.options;
    if (!observer) return run();
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    try {
      const outcome = await run();
      observer.called(reportOf(call, latency(), { outcome }));
      return outcome;
    } catch (error) {
      observer.called(reportOf(call, latency(), { error }));
      throw error;
    }
  }

  /**
   * Buys `amountUsd` of account credit for `accountId` with an x402 payment, through the same charge step as a paid
   * call (pay/topup.ts). Without a payment: the 402 for that amount in every payment token.
   */
  async topUp(request: {
    readonly accountId: string;
    readonly amountUsd: string;
    readonly resourceUrl: string;
    readonly payment?: unknown;
  }): Promise<TopupOutcome> {
    const { db, payments, processor } = this.options;
    const { accountId, amountUsd } = request;
    const resource = { url: request.resourceUrl, description: `Add ${amountUsd} USD of account credit` };
    const paymentRequired = (error?: string) => payments.paymentRequired(resource, amountUsd, error);
    if (request.payment === undefined) return { status: 402, paymentRequired: await paymentRequired() };
    if (!processor)
      throw new ServiceError(
        'not_configured',
        'No payment facilitator is configured, so top-ups cannot be paid; nothing was charged. Set FACILITATOR_URL.',
        { extra: { setting: 'FACILITATOR_URL' } },
      );
    return topUpCredit(
      { db, processor, payments, resource, paymentRequired },
      { accountId, amountUsd, payload: paymentPayloadOf(request.payment) },
    );
  }
}
