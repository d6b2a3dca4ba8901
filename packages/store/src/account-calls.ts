import { CALL_LEDGER_COLUMNS, type CallLedgerRow, callLedgerRow } from './call-ledger.js';
import type { Queryable } from './db.js';

export interface AccountCallsPage {
  /** Newest first. */
  readonly calls: CallLedgerRow[];
  /** The `before` of the next (older) page; undefined on the last page. */
  readonly nextBefore: string | undefined;
}

/**
 * One page of the calls made for an account (signed in, with an access key or OAuth token, paid from credit), newest
 * first, through the ledger's (account_id, created_at) index. `before` is a ledger id: the page holds older rows.
 */
export async function accountCalls(
  db: Queryable,
  accountId: string,
  page: { readonly before?: string | undefined; readonly limit: number },
): Promise<AccountCallsPage> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${CALL_LEDGER_COLUMNS} FROM call_ledger
      WHERE account_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
      ORDER BY id DESC LIMIT $3`,
    [accountId, page.before ?? null, page.limit + 1],
  );
  const calls = rows.slice(0, page.limit).map(callLedgerRow);
  return { calls, nextBefore: rows.length > page.limit ? calls.at(-1)!.id : undefined };
}
