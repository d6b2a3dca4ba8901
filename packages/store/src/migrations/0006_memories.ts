import type { Migration } from './migration.js';

/**
 * Memories an account keeps for its agents (createMemory & co.). Rows are only ever read or changed through
 * `account_id`, so one account can never see or touch another's.
 */
export const memories: Migration = {
  version: 6,
  name: 'memories',
  sql: `
CREATE TABLE memories (
  memory_id   text        PRIMARY KEY,
  account_id  text        NOT NULL REFERENCES accounts (id),
  category    text        NOT NULL CHECK (char_length(category) BETWEEN 1 AND 128),
  content     text        NOT NULL CHECK (char_length(content) BETWEEN 1 AND 16384),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memories_account_category ON memories (account_id, category, updated_at DESC);
`,
};
