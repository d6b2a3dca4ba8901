import type { Queryable } from './db.js';

/** One stored A2A task: the columns lookups use, and the task itself as JSON (opaque to the store). */
export interface A2aTaskRecord {
  readonly taskId: string;
  readonly contextId: string;
  /** The task's state as the protocol names it (e.g. TASK_STATE_INPUT_REQUIRED). */
  readonly state: string;
  /** ISO 8601 time of the task's current status: the list order. */
  readonly statusAt: string;
  readonly task: unknown;
}

export interface A2aTaskFilter {
  readonly contextId?: string | undefined;
  readonly state?: string | undefined;
  /** Only tasks whose status changed after this time. */
  readonly statusAfter?: string | undefined;
  /** Continue after this task (the last of the previous page, in list order). */
  readonly after?: { readonly statusAt: string; readonly taskId: string } | undefined;
  readonly limit: number;
}

type Row = { task_id: string; context_id: string; state: string; status_at: Date | string; task: unknown };

const iso = (value: Date | string) => new Date(value).toISOString();

const toRecord = (row: Row): A2aTaskRecord => ({
  taskId: row.task_id,
  contextId: row.context_id,
  state: row.state,
  statusAt: iso(row.status_at),
  task: row.task,
});

/**
 * Insert or replace the account's task, unless the stored one has a newer status: a stale copy (read before a
 * concurrent request moved the task on) never overwrites it. A task id held by another account is left untouched
 * too, so a guessed id can never overwrite someone else's task. False when nothing was written.
 */
export async function saveA2aTask(db: Queryable, accountId: string, record: A2aTaskRecord): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO a2a_tasks (task_id, account_id, context_id, state, status_at, task)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (task_id) DO UPDATE
       SET context_id = EXCLUDED.context_id, state = EXCLUDED.state, status_at = EXCLUDED.status_at, task = EXCLUDED.task, updated_at = now()
       WHERE a2a_tasks.account_id = EXCLUDED.account_id AND a2a_tasks.status_at <= EXCLUDED.status_at
     RETURNING task_id`,
    [record.taskId, accountId, record.contextId, record.state, record.statusAt, JSON.stringify(record.task)],
  );
  return rows.length === 1;
}

/** The account's task with this id; undefined when the account has none (whoever else may hold the id). */
export async function loadA2aTask(
  db: Queryable,
  accountId: string,
  taskId: string,
): Promise<A2aTaskRecord | undefined> {
  const { rows } = await db.query<Row>(
    'SELECT task_id, context_id, state, status_at, task FROM a2a_tasks WHERE account_id = $1 AND task_id = $2',
    [accountId, taskId],
  );
  return rows[0] && toRecord(rows[0]);
}

/** One page of the account's tasks, most recent status first, and how many match the filter in all. */
export async function listA2aTasks(
  db: Queryable,
  accountId: string,
  filter: A2aTaskFilter,
): Promise<{ records: A2aTaskRecord[]; total: number }> {
  const where = ['account_id = $1'];
  const params: unknown[] = [accountId];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.contextId) add((p) => `context_id = ${p}`, filter.contextId);
  if (filter.state) add((p) => `state = ${p}`, filter.state);
  if (filter.statusAfter) add((p) => `status_at > ${p}`, filter.statusAfter);
  const { rows: counted } = await db.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM a2a_tasks WHERE ${where.join(' AND ')}`,
    params,
  );
  if (filter.after) {
    // Rows after the cursor in (status_at DESC, task_id DESC) order: the cursor row itself is skipped.
    params.push(filter.after.statusAt, filter.after.taskId);
    where.push(`(status_at, task_id) < ($${params.length - 1}::timestamptz, $${params.length})`);
  }
  params.push(filter.limit);
  const { rows } = await db.query<Row>(
    `SELECT task_id, context_id, state, status_at, task FROM a2a_tasks WHERE ${where.join(' AND ')} ORDER BY status_at DESC, task_id DESC LIMIT $${params.length}`,
    params,
  );
  return { records: rows.map(toRecord), total: Number(counted[0]?.total ?? 0) };
}

/**
 * Take a pending call of the account's task (by the id the task gave it) for the one request that will act on it.
 * False when it was already taken, or the task is not the account's.
 */
export async function claimA2aPendingCall(
  db: Queryable,
  accountId: string,
  taskId: string,
  pendingId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO a2a_pending_claims (pending_id, task_id)
     SELECT $3, task_id FROM a2a_tasks WHERE account_id = $1 AND task_id = $2
     ON CONFLICT (pending_id) DO NOTHING RETURNING pending_id`,
    [accountId, taskId, pendingId],
  );
  return rows.length === 1;
}
