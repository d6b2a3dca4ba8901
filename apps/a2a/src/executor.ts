import { type Task, TaskState } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { changesNothing, findTool, ServiceError } from '@svc/contracts';
import { creditToUsd, type Credential } from '@svc/payments';
import { claimA2aPendingCall, type Queryable } from '@svc/store';
import { policyView, type ReadyCall, type ToolService } from '@svc/tools';
import { randomUUID } from 'node:crypto';
import { credentialOf } from './caller.js';
import { type Instruction, instructionOf } from './instructions.js';
import { type CallAttempt, stepOfError, stepOfOutcome, type TaskStep } from './outcomes.js';
import { dataPart, textPart } from './parts.js';
import { type PendingCall, pendingCallOf } from './pending-call.js';
import { type CallPreview, previewLine, previewOf } from './preview.js';
import { signerLine, signerOf } from './signer.js';
import { PAYMENT_STATUS, resourceUrlOf, X402_METADATA } from './protocol.js';
import { TaskTurn } from './task-turn.js';

export interface ToolCallExecutorOptions {
  /**
   * Runs every call: `ToolService.invoke`, the pipeline all transports share; a write tool's call is first
   * `prepare`d, and its approval shows the prepared call.
   */
  readonly tools: Pick<ToolService, 'invoke' | 'prepare'>;
  /** Where the tasks are: a follow-up claims the pending call it acts on there. */
  readonly db: Queryable;
  /** How long an approval request stays valid (default 10 minutes). */
  readonly approvalTtlMs?: number | undefined;
  readonly now?: (() => Date) | undefined;
}

const DEFAULT_APPROVAL_TTL_MS = 10 * 60 * 1000;

const FORMS_HELP =
  'Send a DataPart {"tool": "<name>", "input": {...}} (or the same JSON as text), the text "/<tool> <json>", or a sentence naming the tool with its arguments as a JSON object, ' +
  'for example "/hederaContractIdToEvmAddress {"contractId": "0.0.1234"}" or "run hederaContractIdToEvmAddress with {"contractId": "0.0.1234"}". ' +
  'The skills of this agent (/.well-known/agent-card.json) list every tool by group; GET /api/tools/discover gives their input schemas.';

const APPROVAL_HELP =
  'Reply on this task with a DataPart {"approve": true} to run it, or {"approve": false} to cancel it.';

const ALREADY_TAKEN =
  'Another message on this task already answered what it was waiting for; GetTask (tasks/get) shows how it went.';

const stay = (state: TaskState, pending: PendingCall, text: string): TaskStep => ({
  state,
  message: [textPart(text)],
  pending,
});

/**
 * The A2A agent: each message is a tool call (read tools run at once; write tools wait in input-required for an
 * explicit approval), an answer to a pending approval, or an x402 payment for a pending call. Everything runs
 * through invoke; this class only decides which call to make and hands invoke's answer to outcomes.ts.
 */
export class ToolCallExecutor implements AgentExecutor {
  readonly #now: () => Date;
  readonly #approvalTtlMs: number;

  constructor(private readonly options: ToolCallExecutorOptions) {
    this.#now = options.now ?? (() => new Date());
    this.#approvalTtlMs = options.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS;
  }

  async execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const turn = new TaskTurn(request, bus, this.#now);
    try {
      const credential = credentialOf(request.context);
      const instruction = instructionOf(request.userMessage);
      if (request.task) {
        const step = await this.#followUp(request.task, instruction, credential, turn);
        if (step) {
          turn.resume(request.task);
          turn.apply(step);
        } else {
          turn.reply([textPart(ALREADY_TAKEN)]);
        }
      } else if (instruction.kind === 'call') {
        turn.open();
        turn.apply(await this.#start(instruction, credential, turn));
      } else {
        // Nothing to run: the task waits for input, naming the forms it accepts; a call sent on it starts there.
        turn.open();
        turn.apply({
          state: TaskState.TASK_STATE_INPUT_REQUIRED,
          message: [textPart(`I run tools of this service. ${FORMS_HELP}`)],
          pending: null,
        });
      }
    } finally {
      bus.finished();
    }
  }

  /**
   * Required by the SDK for cancelling a task that is running on a live bus. No bus is ever found by task id here
   * (PerRequestEventBuses), so CancelTask cancels the stored task itself; should one be found, the task ends canceled.
   */
  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId: '',
        status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: this.#now().toISOString() },
        metadata: {},
      }),
    );
  }

  async #start(
    call: Extract<Instruction, { kind: 'call' }>,
    credential: Credential,
    turn: TaskTurn,
  ): Promise<TaskStep> {
    const attempt: CallAttempt = {
      taskId: turn.taskId,
      tool: call.tool,
      input: call.input,
      paid: false,
      paymentExtension: turn.paymentExtension,
      idempotencyKey: turn.idempotencyKey,
    };
    const tool = findTool(call.tool);
    // A read-only (OAuth) session reaches only the tools that change nothing (the consent page says so).
    if (tool && credential.readOnly && !changesNothing(tool)) {
      const changes =
        tool.effect === 'write' ? 'moves funds or changes wallet state' : "changes the account's stored data";
      return {
        state: TaskState.TASK_STATE_REJECTED,
        message: [
          textPart(
            `${tool.name} ${changes}, and this OAuth session is read-only: it can only call tools that change nothing. Use a vault access key (x-api-key).`,
          ),
        ],
        pending: null,
      };
    }
    if (tool?.effect === 'read') {
      turn.working();
      return this.#run(attempt, credential);
    }
    // The stages of invoke before payment (resolve, validate, the spending policy's per-call rules) decide before
    // anyone is asked to approve: a call they refuse fails now, naming why. invoke runs them again when the
    // approved call runs, daily cap included.
    let prepared: ReadyCall;
    try {
      prepared = await this.options.tools.prepare({
        tool: call.tool,
        input: call.input,
        resourceUrl: resourceUrlOf(call.tool, turn.taskId),
        caller: { accountId: credential.accountId },
      });
    } catch (error) {
      return stepOfError(attempt, error);
    }
    return this.#approvalRequest(prepared, call.input, credential);
  }

  /** Asks the caller to approve the prepared call, showing what it does, costs, moves, is held to and who signs it. */
  async #approvalRequest(prepared: ReadyCall, rawInput: unknown, credential: Credential): Promise<TaskStep> {
    const { tool, usd, policy } = prepared;
    const spend = policy?.spend;
    const signer = await signerOf(this.options.db, credential.accountId, tool);
    const preview: CallPreview = {
      ...previewOf(tool, prepared.input as Record<string, unknown>, usd),
      signer,
      ...(policy ? { policy: policyView(policy.rules) } : {}),
      ...(spend
        ? { moved: spend.unpriced === undefined ? { usd: creditToUsd(spend.movedUsd) } : { unpriced: spend.unpriced } }
        : {}),
    };
    const requestedAt = this.#now();
    const expiresAt = new Date(requestedAt.getTime() + this.#approvalTtlMs).toISOString();
    const approvalId = randomUUID();
    return {
      state: TaskState.TASK_STATE_INPUT_REQUIRED,
      message: [
        textPart(
          `Approval required: ${previewLine(preview)}, ${signerLine(signer)}. ${APPROVAL_HELP} This approval expires at ${expiresAt}.`,
        ),
        dataPart({ approvalRequired: preview, approvalId, expiresAt }),
      ],
      pending: {
        stage: 'approval',
        id: approvalId,
        tool: tool.name,
        input: rawInput,
        requestedAt: requestedAt.toISOString(),
      },
    };
  }

  /**
   * The step a follow-up message takes its task to; undefined when a concurrent message already took the pending
   * call. Every answer that acts on the pending call (runs, cancels or expires it) claims it first, once.
   */
  async #followUp(
    task: Task,
    instruction: Instruction,
    credential: Credential,
    turn: TaskTurn,
  ): Promise<TaskStep | undefined> {
    const pending = pendingCallOf(task);
    const state = task.status?.state ?? TaskState.TASK_STATE_INPUT_REQUIRED;
    if (!pending) {
      // A task that asked which tool to run takes the call sent on it.
      if (instruction.kind === 'call' && state === TaskState.TASK_STATE_INPUT_REQUIRED) {
        turn.resume(task);
        return this.#start(instruction, credential, turn);
      }
      return { state, message: [textPart(`This task is not waiting for anything. ${FORMS_HELP}`)], pending: null };
    }
    const claimed = () => claimA2aPendingCall(this.options.db, credential.accountId, task.id, pending.id);
    // The task shows as working (not cancelable) from here until the call's outcome is stored.
    const run = (paid: boolean, payment?: unknown) => {
      turn.resume(task);
      turn.working();
      return this.#run(
        {
          taskId: task.id,
          tool: pending.tool,
          input: pending.input,
          paid,
          paymentExtension: turn.paymentExtension,
          idempotencyKey: turn.idempotencyKey,
        },
        credential,
        payment,
      );
    };
    const pendingTool = findTool(pending.tool);
    if (credential.readOnly && !(pendingTool && changesNothing(pendingTool))) {
      return stay(
        state,
        pending,
        `This OAuth session is read-only and cannot run ${pending.tool}, which changes something; continue with a vault access key (x-api-key).`,
      );
    }
    if (pending.stage === 'payment') {
      if (instruction.kind !== 'payment' && instruction.kind !== 'payment_rejected') {
        return stay(
          state,
          pending,
          `${pending.tool} waits for a payment: send message metadata "${X402_METADATA.status}": "${PAYMENT_STATUS.submitted}" with "${X402_METADATA.payload}" on this task.`,
        );
      }
      if (!(await claimed())) return undefined;
      if (instruction.kind === 'payment') return run(true, instruction.payload);
      return {
        state: TaskState.TASK_STATE_CANCELED,
        message: [textPart(`Payment declined: ${pending.tool} did not run.`)],
        messageMetadata: { [X402_METADATA.status]: PAYMENT_STATUS.rejected },
        pending: null,
      };
    }
    if (instruction.kind !== 'approval')
      return stay(state, pending, `${pending.tool} waits for your approval. ${APPROVAL_HELP}`);
    if (instruction.approvalId !== undefined && instruction.approvalId !== pending.id) {
      return stay(
        state,
        pending,
        `That approvalId does not match this task's approval (${pending.id}). ${APPROVAL_HELP}`,
      );
    }
    if (!(await claimed())) return undefined;
    const age = this.#now().getTime() - Date.parse(pending.requestedAt);
    if (age > this.#approvalTtlMs) {
      const detail = `approval expired: it was requested at ${pending.requestedAt} and is valid for ${this.#approvalTtlMs / 60_000} minutes; ${pending.tool} did not run. Send the call again.`;
      return {
        state: TaskState.TASK_STATE_FAILED,
        message: [textPart(`${pending.tool} failed: ${detail}`), dataPart({ code: 'approval_expired', detail })],
        pending: null,
      };
    }
    if (!instruction.approve)
      return {
        state: TaskState.TASK_STATE_CANCELED,
        message: [textPart(`Not approved: ${pending.tool} did not run.`)],
        pending: null,
      };
    return run(false);
  }

  async #run(attempt: CallAttempt, credential: Credential, payment?: unknown): Promise<TaskStep> {
    try {
      if (attempt.paid && (typeof payment !== 'object' || payment === null)) {
        throw new ServiceError(
          'invalid_payment_header',
          `"${X402_METADATA.payload}" must be an x402 PaymentPayload object.`,
        );
      }
      const outcome = await this.options.tools.invoke({
        tool: attempt.tool,
        input: attempt.input,
        payment: attempt.paid ? payment : undefined,
        resourceUrl: resourceUrlOf(attempt.tool, attempt.taskId),
        transport: 'a2a',
        caller: { accountId: credential.accountId },
        idempotencyKey: attempt.idempotencyKey,
      });
      return stepOfOutcome(attempt, outcome);
    } catch (error) {
      return stepOfError(attempt, error);
    }
  }
}
