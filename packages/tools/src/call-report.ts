import { findTool, toProblem } from '@svc/contracts';
import type { InvokeOutcome } from './pay/outcome.js';

/** The transport a call came through. */
export type Transport = 'rest' | 'mcp' | 'a2a';

/** What a call came to, in a word (a bounded set: metrics are labelled with it). */
export type CallOutcome =
  /** Ran and paid with x402 (its settlement's transaction). */
  | 'settled'
  /** Ran and paid from account credit. */
  | 'credit'
  /** Answered 402 without a payment to look at. */
  | 'payment_required'
  /** Answered 402: the payment sent (or the account's credit) was refused, `reason` says why. */
  | 'payment_refused'
  /** An Idempotency-Key retry, answered from the first call without a second charge. */
  | 'replayed'
  /** A write tool failed after its payment settled (its price credited back). */
  | 'failed_after_settlement'
  /** Refused or failed with an error (`reason`: its code), nothing charged. */
  | 'error';

/** One call through the pipeline, as operators see it: one log line and the metrics. */
export interface CallReport {
  /** The catalog's tool name, or `unknown` for a name the catalog does not have (never the raw name: labels stay bounded). */
  readonly tool: string;
  readonly transport: Transport;
  /** The HTTP status the call answered with (its transport may spell it otherwise). */
  readonly status: number;
  readonly outcome: CallOutcome;
  readonly latencyMs: number;
  /** The settlement's payer, else the calling account. */
  readonly payer?: string;
  /** The settlement's transaction. */
  readonly txHash?: string;
  /** Why a call was refused: its error code, or the 402's reason code (`insufficient_credit`, `invalid_payment`…). */
  readonly reason?: string;
}

/** Told of every call `ToolService.invoke` (or `observed`) finishes; must not throw. */
export interface CallObserver {
  called(report: CallReport): void;
}

/** The leading code of a 402's `error` ("insufficient_credit: this call costs…"), if it has one. */
const reasonCodeOf = (error: string | undefined): string | undefined =>
  /^([a-z][a-z0-9_]{0,63})(:|$)/.exec(error ?? '')?.[1];

export interface CallIdentity {
  readonly tool: string;
  readonly transport: Transport;
  readonly accountId?: string | undefined;
}

/** The report of a call that answered `outcome`, or threw `error`. */
export function reportOf(
  call: CallIdentity,
  latencyMs: number,
  result: { readonly outcome: InvokeOutcome } | { readonly error: unknown },
): CallReport {
  const base = { tool: findTool(call.tool) ? call.tool : 'unknown', transport: call.transport, latencyMs };
  const account = call.accountId;
  if ('error' in result) {
    const problem = toProblem(result.error);
    return { ...base, status: problem.status, outcome: 'error', reason: problem.code, payer: account };
  }
  const { outcome } = result;
  const settlement = outcome.settlement ?? undefined;
  const paid = { payer: settlement?.payer ?? account, txHash: settlement?.transaction || undefined };
  switch (outcome.status) {
    case 200:
      return { ...base, ...paid, status: 200, outcome: outcome.credit ? 'credit' : 'settled' };
    case 402: {
      const reason = reasonCodeOf(outcome.paymentRequired.body.error) ?? settlement?.errorReason;
      return reason
        ? { ...base, ...paid, status: 402, outcome: 'payment_refused', reason }
        : { ...base, payer: account, status: 402, outcome: 'payment_required' };
    }
    case 'replayed':
      return { ...base, ...paid, status: outcome.httpStatus, outcome: 'replayed' };
    case 'failed_after_settlement': {
      const problem = toProblem(outcome.error);
      return { ...base, ...paid, status: problem.status, outcome: 'failed_after_settlement', reason: problem.code };
    }
  }
}
