import type { Migration } from './migration.js';

/**
 * A2A tasks (POST /api/a2a), so a task outlives the process that started it and any gateway instance can answer
 * the follow-up (approval, payment). `task` is the A2A Task as JSON; the other columns are what lookups filter and
 * sort on. Rows are only read or written through `account_id`: one account never sees another's tasks.
 * `a2a_pending_claims` records each pending call (an approval, a payment request) a follow-up has taken, so two
 * concurrent follow-ups, on any instances, can never both run it.
 */
export const a2aTasks: Migration = {
  version: 13,
  name: 'a2a_tasks',
  sql: `
CREATE TABLE a2a_tasks (
  task_id     text        PRIMARY KEY,
  account_id  text        NOT NULL REFERENCES accounts (id),
  context_id  text        NOT NULL,
  state       text        NOT NULL,
  status_at   timestamptz NOT NULL,
  task        jsonb       NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX a2a_tasks_account_status ON a2a_tasks (account_id, status_at DESC, task_id DESC);
CREATE TABLE a2a_pending_claims (
  pending_id  text        PRIMARY KEY,
  task_id     text        NOT NULL REFERENCES a2a_tasks (task_id),
  claimed_at  timestamptz NOT NULL DEFAULT now()
);
`,
};
