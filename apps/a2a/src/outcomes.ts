import { type Part, TaskState } from '@a2a-js/sdk';
import { type ProblemDetails, toProblem } from '@svc/contracts';
import type { CreditCharge, InvokeOutcome } from '@svc/tools';
import type { SettleResponse } from '@x402/core/types';
import { randomUUID } from 'node:crypto';
import { dataPart, textPart } from './parts.js';
import type { PendingCall } from './pending-call.js';
import { CREDIT_METADATA, PAYMENT_STATUS, X402_A2A_EXTENSION, X402_METADATA } from './protocol.js';

/**
 * The one place deciding what a tool call's result does to its task: the state it ends in, the status message,
 * the artifact, the x402 metadata, and what the task waits for next.
 */
export interface TaskStep {
  readonly state: TaskState;
  readonly message: Part[];
  /** Status-message metadata (the x402 A2A extension's keys). */
  readonly messageMetadata?: Record<string, unknown>;
  /** The result: the tool's JSON and a one-line summary. */
  readonly artifact?: Part[];
  /** What the task waits for after this step; null when nothing. */
  readonly pending: PendingCall | null;
  /** The step used the x402 extension, so the response names it as activated. */
  readonly usedPaymentExtension?: boolean;
}

/** One run of a tool call through invoke. */
export interface CallAttempt {
  /** The task the call runs in: its 402 names it, so its payment pays for this task's call only. */
  readonly taskId: string;
  readonly tool: string;
  readonly input: unknown;
  /** A signed payment went with it (x402 extension, payment-submitted). */
  readonly paid: boolean;
  /** The client activated the x402 extension on this request. */
  readonly paymentExtension: boolean;
  readonly idempotencyKey: string | undefined;
}

const SUMMARY_LENGTH = 200;

function summaryLine(tool: string, body: unknown): string {
  const line = `${tool} completed: ${JSON.stringify(body)}`;
  return line.length > SUMMARY_LENGTH ? `${line.slice(0, SUMMARY_LENGTH - 1)}…` : line;
}

const receiptsOf = (settlement: SettleResponse | null | undefined) => (settlement ? [settlement] : []);

/** How the call was paid, as status-message metadata: the x402 receipts, or the account credit it used. */
function paidWith(
  attempt: CallAttempt,
  settlement: SettleResponse | null | undefined,
  credit: CreditCharge | undefined,
): Record<string, unknown> | undefined {
  if (attempt.paid)
    return { [X402_METADATA.status]: PAYMENT_STATUS.completed, [X402_METADATA.receipts]: receiptsOf(settlement) };
  return credit ? { [CREDIT_METADATA]: { ...credit } } : undefined;
}

function completed(
  attempt: CallAttempt,
  body: unknown,
  settlement: SettleResponse | null | undefined,
  credit?: CreditCharge,
): TaskStep {
  const summary = summaryLine(attempt.tool, body);
  return {
    state: TaskState.TASK_STATE_COMPLETED,
    message: [textPart(summary)],
    messageMetadata: paidWith(attempt, settlement, credit),
    artifact: [dataPart(body), textPart(summary)],
    pending: null,
    usedPaymentExtension: attempt.paid,
  };
}

function failed(
  attempt: CallAttempt,
  problem: ProblemDetails | Record<string, unknown>,
  messageMetadata?: Record<string, unknown>,
): TaskStep {
  const detail = typeof problem.detail === 'string' ? problem.detail : 'the call failed';
  return {
    state: TaskState.TASK_STATE_FAILED,
    message: [textPart(`${attempt.tool} failed: ${detail}`), dataPart(problem)],
    messageMetadata,
    pending: null,
    usedPaymentExtension: messageMetadata !== undefined,
  };
}

function paymentRequired(attempt: CallAttempt, outcome: Extract<InvokeOutcome, { status: 402 }>): TaskStep {
  const required = outcome.paymentRequired.body;
  if (attempt.paid) {
    // The submitted payment was refused or did not settle: nothing ran, and the reason goes back as the extension says.
    return failed(
      attempt,
      {
        code: 'payment_required',
        detail: `payment failed: ${required.error ?? 'payment_failed'}`,
        paymentRequired: required,
      },
      {
        [X402_METADATA.status]: PAYMENT_STATUS.failed,
        [X402_METADATA.error]: required.error ?? 'payment_failed',
        [X402_METADATA.receipts]: receiptsOf(outcome.settlement),
      },
    );
  }
  if (!attempt.paymentExtension) {
    return failed(attempt, {
      code: 'payment_required',
      detail: `payment required: send the request again with header X-A2A-Extensions (or A2A-Extensions): ${X402_A2A_EXTENSION} to pay per call inside A2A, or add account credit`,
      paymentRequired: required,
    });
  }
  return {
    state: TaskState.TASK_STATE_INPUT_REQUIRED,
    message: [
      textPart(
        `Payment required for ${attempt.tool}: sign one of the accepted requirements and send it on this task as message metadata ` +
          `"${X402_METADATA.status}": "${PAYMENT_STATUS.submitted}" with the PaymentPayload in "${X402_METADATA.payload}".`,
      ),
    ],
    messageMetadata: { [X402_METADATA.status]: PAYMENT_STATUS.required, [X402_METADATA.required]: required },
    pending: { stage: 'payment', id: randomUUID(), tool: attempt.tool, input: attempt.input },
    usedPaymentExtension: true,
  };
}

/** invoke's answer -> the task's next step. */
export function stepOfOutcome(attempt: CallAttempt, outcome: InvokeOutcome): TaskStep {
  switch (outcome.status) {
    case 200:
      return completed(attempt, outcome.body, outcome.settlement, outcome.credit);
    case 402:
      return paymentRequired(attempt, outcome);
    case 'failed_after_settlement':
      // A write tool failed after its payment settled: the error, and the receipt of what was paid.
      return failed(
        attempt,
        toProblem(outcome.error),
        attempt.paid
          ? {
              [X402_METADATA.status]: PAYMENT_STATUS.completed,
              [X402_METADATA.receipts]: receiptsOf(outcome.settlement),
            }
          : undefined,
      );
    case 'replayed':
      return outcome.httpStatus >= 400
        ? failed(attempt, outcome.body as Record<string, unknown>)
        : completed(attempt, outcome.body, outcome.settlement);
  }
}

/**
 * A call invoke refused or that failed while running (unknown tool, invalid input with its field issues, not
 * implemented, provider not configured): the task fails with the problem. Nothing was charged for these.
 */
export function stepOfError(attempt: CallAttempt, error: unknown): TaskStep {
  const problem = toProblem(error);
  return failed(
    attempt,
    problem,
    attempt.paid ? { [X402_METADATA.status]: PAYMENT_STATUS.failed, [X402_METADATA.error]: problem.code } : undefined,
  );
}
