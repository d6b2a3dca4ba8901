import { findTool, notImplemented, type PriceOverrides, parseInput, priceOf, ServiceError, unknownTool } from '@svc/contracts';
import { decodePaymentSignature, type PaymentRequiredResponse, type PaymentRequirementsBuilder } from '@svc/payments';
import { handlerFor, type HandlerTable } from './handler.js';
import { handlers as implemented } from './handlers.js';

export interface InvokeRequest {
  readonly tool: string;
  /** The request body as received (already JSON-parsed). */
  readonly input: unknown;
  /** The PAYMENT-SIGNATURE header, when the caller sent one. */
  readonly paymentSignature?: string | undefined;
  /** Absolute URL of the tool resource (goes into the 402's `resource`). */
  readonly resourceUrl: string;
}

export type InvokeOutcome =
  | { readonly status: 200; readonly body: Record<string, unknown> }
  | { readonly status: 402; readonly paymentRequired: PaymentRequiredResponse };

export interface ToolServiceOptions {
  readonly payments: PaymentRequirementsBuilder;
  readonly priceOverrides?: PriceOverrides;
  readonly handlers?: HandlerTable;
}

/**
 * `invoke`: the one pipeline every transport calls (ARCHITECTURE.md, "One pipeline, three transports").
 * Failures are thrown as `ServiceError`; each transport renders them through the one error model.
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
    parseInput(tool.input, request.input, tool.name);
    // 4 price / 5 pay
    const usd = priceOf(tool, this.options.priceOverrides);
    if (!request.paymentSignature) {
      return { status: 402, paymentRequired: await this.options.payments.paymentRequired({ url: request.resourceUrl, description: tool.summary }, usd) };
    }
    decodePaymentSignature(request.paymentSignature);
    const handler = handlerFor(this.#handlers, tool);
    // A paid call to a tool without a handler is refused before the payment is verified, so it is never charged.
    if (!handler) throw notImplemented(tool.name);
    throw new ServiceError(
      'not_configured',
      'Payment verification and settlement are not available in this release, so no paid call can run yet; nothing was charged. Live deployments will use FACILITATOR_URL.',
      { extra: { setting: 'FACILITATOR_URL', tool: tool.name } },
    );
  }
}
