import { type Part, type Task, TaskState } from '@a2a-js/sdk';
import { AgentEvent, type ExecutionEventBus, type RequestContext, STATE_HEADERS_KEY } from '@a2a-js/sdk/server';
import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { TaskStep } from './outcomes.js';
import { agentMessage } from './parts.js';
import { PENDING_CALL_KEY } from './pending-call.js';
import { X402_A2A_EXTENSION } from './protocol.js';

/** Publishes what one message does, in the order the SDK requires: a task or a message first, then updates. */
export class TaskTurn {
  #resumed = false;

  constructor(
    private readonly request: RequestContext,
    private readonly bus: ExecutionEventBus,
    private readonly now: () => Date,
  ) {}

  /** The task this message starts or follows up on. */
  get taskId(): string {
    return this.request.taskId;
  }

  /** The client activated the x402 A2A extension on this request. */
  get paymentExtension(): boolean {
    return this.request.context.requestedExtensions?.includes(X402_A2A_EXTENSION) ?? false;
  }

  /** The request's Idempotency-Key header: a retry with the same key, tool, input and payment is not charged again. */
  get idempotencyKey(): string | undefined {
    const headers = this.request.context.state.get(STATE_HEADERS_KEY) as IncomingHttpHeaders | undefined;
    const key = headers?.['idempotency-key'];
    return Array.isArray(key) ? key.join(', ') : key;
  }

  /** A reply that is not a task (nothing was started). */
  reply(parts: Part[]): void {
    this.bus.publish(AgentEvent.message(agentMessage({ contextId: this.request.contextId }, parts)));
  }

  /** Start a new task for this message. */
  open(): void {
    const { taskId, contextId, userMessage } = this.request;
    this.bus.publish(
      AgentEvent.task({
        id: taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: this.now().toISOString() },
        artifacts: [],
        history: [userMessage],
        metadata: {},
      }),
    );
  }

  /** Continue the stored task this message follows up on (published once, however often asked). */
  resume(task: Task): void {
    if (this.#resumed) return;
    this.#resumed = true;
    this.bus.publish(AgentEvent.task(task));
  }

  /** The task's tool call runs now: stored as working, which CancelTask refuses, and nothing is pending any more. */
  working(): void {
    const { taskId, contextId } = this.request;
    this.bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: this.now().toISOString() },
        metadata: { [PENDING_CALL_KEY]: null },
      }),
    );
  }

  apply(step: TaskStep): void {
    const { taskId, contextId } = this.request;
    if (step.usedPaymentExtension && this.paymentExtension)
      this.request.context.addActivatedExtension(X402_A2A_EXTENSION);
    if (step.artifact) {
      this.bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: randomUUID(),
            name: 'result',
            description: '',
            parts: step.artifact,
            metadata: {},
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: {},
        }),
      );
    }
    this.bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: {
          state: step.state,
          message: agentMessage({ taskId, contextId }, step.message, step.messageMetadata),
          timestamp: this.now().toISOString(),
        },
        // Task metadata merges key by key, so the pending call is cleared by writing null.
        metadata: { [PENDING_CALL_KEY]: step.pending },
      }),
    );
  }
}
