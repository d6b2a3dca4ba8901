import {
  Task,
  taskStateFromJSON,
  taskStateToJSON,
  TaskState,
  type ListTasksRequest,
  type ListTasksResponse,
} from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import { listA2aTasks, loadA2aTask, type Queryable, saveA2aTask } from '@svc/store';
import { credentialOf } from './caller.js';

const DEFAULT_PAGE_SIZE = 50;

/** List cursor: the status time and id of the last task of a page (opaque to clients). */
const encodeCursor = (statusAt: string, taskId: string) =>
  Buffer.from(JSON.stringify([statusAt, taskId])).toString('base64url');

function decodeCursor(token: string): { statusAt: string; taskId: string } {
  try {
    const [statusAt, taskId] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof statusAt === 'string' && typeof taskId === 'string' && !Number.isNaN(Date.parse(statusAt)))
      return { statusAt, taskId };
  } catch {
    // falls through to the refusal below
  }
  throw new RequestMalformedError('pageToken is not a token this server issued.');
}

/**
 * The SDK's TaskStore over our database (packages/store a2a-tasks), so tasks survive restarts and any gateway
 * instance can take the follow-up message of a task. Every read and write is scoped to the caller's account.
 */
export class DbTaskStore implements TaskStore {
  constructor(private readonly db: Queryable) {}

  async save(task: Task, context: ServerCallContext): Promise<void> {
    // Not written when the stored task has moved on since this copy was read (a concurrent follow-up): the newer
    // status stays. Another account's task id cannot arrive here: ids are server-made and follow-ups load first.
    await saveA2aTask(this.db, credentialOf(context).accountId, {
      taskId: task.id,
      contextId: task.contextId,
      state: taskStateToJSON(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED),
      statusAt: task.status?.timestamp ?? new Date().toISOString(),
      task: Task.toJSON(task),
    });
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const record = await loadA2aTask(this.db, credentialOf(context).accountId, taskId);
    return record && Task.fromJSON(record.task);
  }

  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    const state =
      params.status === undefined || params.status === TaskState.TASK_STATE_UNSPECIFIED
        ? undefined
        : taskStateToJSON(taskStateFromJSON(params.status));
    const { records, total } = await listA2aTasks(this.db, credentialOf(context).accountId, {
      contextId: params.contextId || undefined,
      state,
      statusAfter: params.statusTimestampAfter,
      after: params.pageToken ? decodeCursor(params.pageToken) : undefined,
      // One more than a page tells whether another page follows.
      limit: pageSize + 1,
    });
    const page = records.slice(0, pageSize);
    const last = page.at(-1);
    const tasks = page.map((record) => {
      const task = Task.fromJSON(record.task);
      return params.includeArtifacts ? task : { ...task, artifacts: [] };
    });
    return {
      tasks,
      nextPageToken: records.length > pageSize && last ? encodeCursor(last.statusAt, last.taskId) : '',
      pageSize,
      totalSize: total,
    };
  }
}
