import { ServiceError } from '@svc/contracts';
import type { Queryable } from '@svc/store';

/** A statement that writes: the DML verbs, also inside a CTE (`WITH x AS (INSERT ...)`). */
const WRITES = /\b(?:insert\s+into|update\s+[\w."]+\s+set|delete\s+from|merge\s+into|truncate)\b/i;
/** Provisioning the account's own vault on first need (see `ToolSettlement`): not a change the call makes. */
const PROVISIONS_VAULT = /^\s*insert\s+into\s+vault_keys\b/i;

/**
 * The database as an `after-success` tool's handler sees it: reads pass, a write fails the call (500, not charged)
 * before it reaches the database, so a tool catalogued as changing nothing cannot change anything unpaid.
 */
export function changingNothing(db: Queryable, tool: string): Queryable {
  const refuse = () =>
    new ServiceError(
      'internal',
      `${tool} is catalogued as changing nothing (settlement after-success) but tried to write to the database; nothing was written or charged.`,
    );
  return {
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      if (WRITES.test(sql) && !PROVISIONS_VAULT.test(sql)) throw refuse();
      return db.query<Row>(sql, params);
    },
    exec: async () => {
      throw refuse();
    },
  };
}
