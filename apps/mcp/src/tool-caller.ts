import type { Credential } from '@svc/payments';
import type { InvokeOutcome, ToolService } from '@svc/tools';
import type { SettleResponse } from '@x402/core/types';
import { toolErrorResult } from './errors.js';
import { type CallToolResult, structuredResult } from './tool-results.js';

/** `_meta` keys of the x402 MCP transport: a per-call payment in, its settlement out. */
export const X402_PAYMENT = 'x402/payment';
export const X402_PAYMENT_RESPONSE = 'x402/payment-response';
/** `_meta` key of what a call paid from account credit cost and the credit left: {chargedUsd, balanceUsd}. */
export const CREDIT_CHARGE = 'svc/credit';

export interface McpToolCall {
  /** The catalog tool (a `-transaction` alias already resolved to its catalog name). */
  readonly tool: string;
  readonly arguments: unknown;
  /** `params._meta` of the tools/call request. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  readonly credential: Credential;
  /** The request's Idempotency-Key header: a retry with the same key, tool, input and payer is not charged again. */
  readonly idempotencyKey: string | undefined;
}

/**
 * Runs one tools/call. This is the seam for billing: a caller that debits the account's credit wraps or replaces
 * `InvokeToolCaller` without the endpoint changing. Throwing is fine: the endpoint maps the error (errors.ts).
 */
export interface McpToolCaller {
  call(call: McpToolCall): Promise<CallToolResult>;
}

/** `_meta` carrying a call's settlement, when there is one. */
const settlementMeta = (settlement: SettleResponse | null | undefined) =>
  settlement ? { [X402_PAYMENT_RESPONSE]: { ...settlement } } : undefined;

/**
 * The x402 MCP transport's payment-required result: isError, the PaymentRequired object as structured content
 * (with the failed settlement when there was one), and the same object in an `x402/error` wrapper as text for
 * clients that only read `content`.
 */
function paymentRequiredResult(outcome: Extract<InvokeOutcome, { status: 402 }>): CallToolResult {
  const required = outcome.paymentRequired.body;
  const structured: Record<string, unknown> = { ...required, ...settlementMeta(outcome.settlement) };
  const text = JSON.stringify({
    'x402/error': { code: 402, message: required.error ?? 'Payment required', data: structured },
  });
  return structuredResult(structured, { isError: true, text });
}

/** InvokeOutcome -> tools/call result. */
function resultOf(outcome: InvokeOutcome): CallToolResult {
  switch (outcome.status) {
    case 200:
      return structuredResult(outcome.body, {
        meta: outcome.credit ? { [CREDIT_CHARGE]: { ...outcome.credit } } : settlementMeta(outcome.settlement),
      });
    case 402:
      return paymentRequiredResult(outcome);
    case 'failed_after_settlement':
      // A write tool failed after its payment settled: the error, plus the settlement the caller paid.
      return toolErrorResult(outcome.error, settlementMeta(outcome.settlement));
    case 'replayed':
      // An Idempotency-Key retry: the first call's answer, not charged again.
      return structuredResult(outcome.body as Record<string, unknown>, {
        isError: outcome.httpStatus >= 400,
        meta: settlementMeta(outcome.settlement),
      });
  }
}

/** tools/call through `ToolService.invoke`, the pipeline every transport shares. */
export class InvokeToolCaller implements McpToolCaller {
  constructor(private readonly tools: Pick<ToolService, 'invoke'>) {}

  async call({ tool, arguments: input, meta, credential, idempotencyKey }: McpToolCall): Promise<CallToolResult> {
    const outcome = await this.tools.invoke({
      tool,
      input,
      // The x402 MCP transport's payment object, checked by invoke like every transport's.
      payment: meta?.[X402_PAYMENT],
      resourceUrl: `mcp://tool/${tool}`,
      transport: 'mcp',
      caller: { accountId: credential.accountId },
      idempotencyKey,
    });
    return resultOf(outcome);
  }
}
