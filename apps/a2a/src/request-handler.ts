import { type AgentCard, type CancelTaskRequest, type Task, TaskState } from '@a2a-js/sdk';
import { TaskNotCancelableError } from '@a2a-js/sdk/errors';
import { type AgentExecutor, DefaultRequestHandler, type ServerCallContext, type TaskStore } from '@a2a-js/sdk/server';
import { PerRequestEventBuses } from './event-buses.js';

/**
 * The SDK's request handler over our store, one event bus per request, and no bus kept alive for a waiting task
 * (keepBusAliveStates empty): between requests a task lives only in the store, so any instance takes its follow-up.
 * One change: a task that is running a tool call cannot be canceled. The call cannot be stopped once it runs, and
 * its result (perhaps paid for) must not be dropped by a canceled state written over it.
 */
export class ToolTaskRequestHandler extends DefaultRequestHandler {
  constructor(
    card: AgentCard,
    private readonly tasks: TaskStore,
    executor: AgentExecutor,
  ) {
    super(card, tasks, executor, new PerRequestEventBuses(), undefined, undefined, undefined, undefined, {
      keepBusAliveStates: [],
    });
  }

  override async cancelTask(params: CancelTaskRequest, context: ServerCallContext): Promise<Task> {
    const task = await this.tasks.load(params.id, context);
    if (task?.status?.state === TaskState.TASK_STATE_WORKING) {
      throw new TaskNotCancelableError(
        `Task ${params.id} is running its tool call, which cannot be stopped; GetTask shows its result.`,
      );
    }
    return super.cancelTask(params, context);
  }
}
