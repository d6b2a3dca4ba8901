import { type CallRecord, recordSettledCall } from './call-ledger.js';
import type { Db, Queryable } from './db.js';

export interface IdempotencyScope {
  readonly key: string;
  /** The verified payer: keys of different payers never collide. */
  readonly payer: string;
}

export interface IdempotencyRequest extends IdempotencyScope {
  readonly tool: string;
  /** Hash of the validated input (defaults applied), so equivalent bodies match. */
  readonly inputHash: string;
  readonly paymentId: string;
}

export interface StoredResponse {
  readonly httpStatus: number;
  readonly body: unknown;
  readonly paymentResponse: string | null;
}

export type IdempotencyRecord =
  | { readonly state: 'running'; readonly tool: string; readonly inputHash: string }
  | ({ readonly state: 'done'; readonly tool: string; readonly inputHash: string } & StoredResponse);

function toRecord(row: Record<string, unknown>): IdempotencyRecord {
  const base = { tool: row.tool as string, inputHash: row.input_hash as string };
  if (row.state === 'running') return { state: 'running', ...base };
  return {
    state: 'done',
    ...base,
    httpStatus: Number(row.http_status),
    body: row.body,
    paymentResponse: (row.payment_response as string | null) ?? null,
  };
}

/** Claim a key for a request. Returns undefined when claimed, or the record that already holds the key. */
export async function claimIdempotencyKey(
  db: Queryable,
  request: IdempotencyRequest,
): Promise<IdempotencyRecord | undefined> {
  const { rows } = await db.query(
    `INSERT INTO idempotency_keys (idem_key, payer, tool, input_hash, payment_id, state) VALUES ($1, $2, $3, $4, $5, 'running')
     ON CONFLICT (idem_key, payer) DO NOTHING RETURNING idem_key`,
    [request.key, request.payer, request.tool, request.inputHash, request.paymentId],
  );
  if (rows.length === 1) return undefined;
  return findIdempotencyRecord(db, request);
}

export async function findIdempotencyRecord(
  db: Queryable,
  scope: IdempotencyScope,
): Promise<IdempotencyRecord | undefined> {
  const { rows } = await db.query('SELECT * FROM idempotency_keys WHERE idem_key = $1 AND payer = $2', [
    scope.key,
    scope.payer,
  ]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** The record a retry carrying the very same signed payment refers to (its payer was verified the first time). */
export async function findIdempotencyByPayment(
  db: Queryable,
  key: string,
  paymentId: string,
): Promise<(IdempotencyRecord & IdempotencyScope) | undefined> {
  const { rows } = await db.query('SELECT * FROM idempotency_keys WHERE idem_key = $1 AND payment_id = $2', [
    key,
    paymentId,
  ]);
  const row = rows[0];
  return row ? { ...toRecord(row), key, payer: row.payer as string } : undefined;
}

export async function completeIdempotencyKey(
  db: Queryable,
  scope: IdempotencyScope,
  response: StoredResponse,
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', http_status = $3, body = $4, payment_response = $5 WHERE idem_key = $1 AND payer = $2`,
    [scope.key, scope.payer, response.httpStatus, JSON.stringify(response.body), response.paymentResponse],
  );
}

/** Forget a key whose call ended without a charge, so a retry runs again. */
export async function releaseIdempotencyKey(db: Queryable, scope: IdempotencyScope): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE idem_key = $1 AND payer = $2 AND state = 'running'`, [
    scope.key,
    scope.payer,
  ]);
}

/**
 * Records a call that `paymentId` paid for (recordSettledCall: its ledger row, and its claim marked settled) and
 * completes the call's Idempotency-Key with its response, in one transaction: a retry never finds the key still
 * running for a call that was charged and recorded, nor a stored response without its ledger row. Returns what
 * recordSettledCall returns (the key is completed either way: the call was paid and answered).
 */
export function recordSettledCallAnswer(
  db: Db,
  paymentId: string,
  call: CallRecord & { readonly txHash: string },
  answer: { readonly scope: IdempotencyScope; readonly response: StoredResponse },
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const id = await recordSettledCall(tx, paymentId, call);
    await completeIdempotencyKey(tx, answer.scope, answer.response);
    return id;
  });
}
