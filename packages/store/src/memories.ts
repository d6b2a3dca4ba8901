import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.js';

export interface Memory {
  readonly memoryId: string;
  readonly category: string;
  readonly content: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface MemoryCategory {
  readonly category: string;
  readonly count: number;
  readonly lastUpdatedAt: string;
}

const COLUMNS = 'memory_id, category, content, created_at, updated_at';

type MemoryRow = {
  memory_id: string;
  category: string;
  content: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function toMemory(row: MemoryRow): Memory {
  return {
    memoryId: row.memory_id,
    category: row.category,
    content: row.content,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function newMemoryId(): string {
  return `mem_${randomBytes(12).toString('hex')}`;
}

/**
 * Store a memory for an account, unless the account already holds `limit` memories (then undefined). The count
 * and the insert are one statement, so the limit holds for sequential calls; concurrent creates may overshoot it
 * by their number, which only bounds storage and is harmless.
 */
export async function insertMemory(
  db: Queryable,
  accountId: string,
  memory: { category: string; content: string },
  limit: number,
): Promise<Memory | undefined> {
  const { rows } = await db.query<MemoryRow>(
    `INSERT INTO memories (memory_id, account_id, category, content)
     SELECT $1, $2, $3, $4 WHERE (SELECT count(*) FROM memories WHERE account_id = $2) < $5
     RETURNING ${COLUMNS}`,
    [newMemoryId(), accountId, memory.category, memory.content, limit],
  );
  return rows[0] && toMemory(rows[0]);
}

/**
 * How many memories the account holds, and whether `memoryId` is one of them: what a memory tool checks before its
 * commit point, so a call it refuses is not charged.
 */
export async function memoriesHeld(
  db: Queryable,
  accountId: string,
  memoryId: string | null = null,
): Promise<{ count: number; includes: boolean }> {
  const { rows } = await db.query<{ count: string | number; includes: boolean | null }>(
    'SELECT count(*) AS count, bool_or(memory_id = $2) AS includes FROM memories WHERE account_id = $1',
    [accountId, memoryId],
  );
  return { count: Number(rows[0]?.count ?? 0), includes: rows[0]?.includes === true };
}

/** The account's categories with their memory counts, most recently updated first. */
export async function memoryCategories(db: Queryable, accountId: string): Promise<MemoryCategory[]> {
  const { rows } = await db.query<{ category: string; count: string | number; last_updated_at: Date | string }>(
    `SELECT category, count(*) AS count, max(updated_at) AS last_updated_at
       FROM memories WHERE account_id = $1 GROUP BY category ORDER BY last_updated_at DESC, category`,
    [accountId],
  );
  return rows.map((row) => ({
    category: row.category,
    count: Number(row.count),
    lastUpdatedAt: iso(row.last_updated_at),
  }));
}

/** The account's memories in one category, most recently updated first. */
export async function memoriesInCategory(db: Queryable, accountId: string, category: string): Promise<Memory[]> {
  const { rows } = await db.query<MemoryRow>(
    `SELECT ${COLUMNS} FROM memories WHERE account_id = $1 AND category = $2 ORDER BY updated_at DESC, memory_id`,
    [accountId, category],
  );
  return rows.map(toMemory);
}

/** Replace a memory's content and category; undefined when the account has no memory with that id. */
export async function updateMemory(
  db: Queryable,
  accountId: string,
  memoryId: string,
  memory: { category: string; content: string },
): Promise<Memory | undefined> {
  const { rows } = await db.query<MemoryRow>(
    `UPDATE memories SET category = $3, content = $4, updated_at = now()
      WHERE account_id = $1 AND memory_id = $2 RETURNING ${COLUMNS}`,
    [accountId, memoryId, memory.category, memory.content],
  );
  return rows[0] && toMemory(rows[0]);
}

/** Delete a memory; false when the account has no memory with that id. */
export async function deleteMemory(db: Queryable, accountId: string, memoryId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM memories WHERE account_id = $1 AND memory_id = $2 RETURNING memory_id', [
    accountId,
    memoryId,
  ]);
  return rows.length === 1;
}
