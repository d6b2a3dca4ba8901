import type { Queryable } from './db.js';

export interface CallRecord {
  readonly tool: string;
  readonly accountId?: string | null;
  readonly payer?: string | null;
  readonly token?: string | null;
  /** Atomic units of `token`, as a decimal string (exact: never a float). */
  readonly amount?: string | null;
  readonly txHash?: string | null;
  readonly outcome: string;
  readonly httpStatus: number;
  readonly latencyMs: number;
}

export interface CallLedgerRow extends Required<CallRecord> {
  readonly id: string;
  readonly createdAt: Date;
}

export async function recordCall(db: Queryable, call: CallRecord): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO call_ledger (tool, account_id, payer, token, amount, tx_hash, outcome, http_status, latency_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      call.tool,
      call.accountId ?? null,
      call.payer ?? null,
      call.token ?? null,
      call.amount ?? null,
      call.txHash ?? null,
      call.outcome,
      call.httpStatus,
      Math.round(call.latencyMs),
    ],
  );
  return String(rows[0]!.id);
}

/**
 * Records a call that `paymentId` paid for and marks that payment's claim settled with the call's transaction, in
 * one statement: a settled claim never lacks its ledger row (nor the other way round), and a paid call costs one
 * store round trip after its claim instead of two. Undefined (and no row) when the claim was settled already:
 * reconciliation found the payment on chain first and wrote its row. (A payment without a claim row, as in tests of
 * the pipeline with a stand-in processor, still gets its row.)
 */
export async function recordSettledCall(
  db: Queryable,
  paymentId: string,
  call: CallRecord & { readonly txHash: string },
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `WITH settled AS (
       UPDATE payment_claims SET state = 'settled', tx_hash = $6, settled_at = now()
        WHERE payment_id = $10 AND state <> 'settled' RETURNING payment_id)
     INSERT INTO call_ledger (tool, account_id, payer, token, amount, tx_hash, outcome, http_status, latency_ms)
     SELECT $1, $2, $3, $4, $5::numeric, $6, $7, $8::integer, $9::integer
      WHERE EXISTS (SELECT 1 FROM settled) OR NOT EXISTS (SELECT 1 FROM payment_claims WHERE payment_id = $10)
     RETURNING id`,
    [
      call.tool,
      call.accountId ?? null,
      call.payer ?? null,
      call.token ?? null,
      call.amount ?? null,
      call.txHash,
      call.outcome,
      call.httpStatus,
      Math.round(call.latencyMs),
      paymentId,
    ],
  );
  return rows[0] ? String(rows[0].id) : undefined;
}

/** The ledger columns a query selects to read rows (`amount` as text: exact). */
export const CALL_LEDGER_COLUMNS =
  'id, tool, account_id, payer, token, amount::text AS amount, tx_hash, outcome, http_status, latency_ms, created_at';

/** A selected `CALL_LEDGER_COLUMNS` row as a record. */
export function callLedgerRow(r: Record<string, unknown>): CallLedgerRow {
  return {
    id: String(r.id),
    tool: r.tool as string,
    accountId: (r.account_id as string | null) ?? null,
    payer: (r.payer as string | null) ?? null,
    token: (r.token as string | null) ?? null,
    amount: (r.amount as string | null) ?? null,
    txHash: (r.tx_hash as string | null) ?? null,
    outcome: r.outcome as string,
    httpStatus: Number(r.http_status),
    latencyMs: Number(r.latency_ms),
    createdAt: new Date(r.created_at as string),
  };
}

export async function recentCalls(
  db: Queryable,
  filter: { tool?: string; limit?: number } = {},
): Promise<CallLedgerRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${CALL_LEDGER_COLUMNS} FROM call_ledger WHERE ($1::text IS NULL OR tool = $1) ORDER BY id DESC LIMIT $2`,
    [filter.tool ?? null, filter.limit ?? 50],
  );
  return rows.map(callLedgerRow);
}
