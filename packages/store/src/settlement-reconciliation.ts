import { creditTopupIn } from './credit.js';
import type { Db, Queryable } from './db.js';

/**
 * A claim whose call never recorded an outcome: its settlement started (`settling`, see markSettling), or it was
 * never settled at all (`claimed`: the gateway stopped between verify and settle, or the call is still running).
 */
export interface UnfinishedSettlement {
  readonly paymentId: string;
  readonly state: 'claimed' | 'settling';
  readonly tool: string;
  readonly network: string;
  readonly scheme: string | null;
  readonly asset: string | null;
  readonly authorizer: string | null;
  readonly nonce: string | null;
  readonly validBefore: bigint | null;
  readonly lifetime: string | null;
  readonly txHash: string | null;
  readonly payer: string | null;
  readonly accountId: string | null;
  /** When it started settling; null for a claim that never did. */
  readonly settlingAt: Date | null;
}

export interface LeaseOptions {
  /** Only claims that started settling at least this long ago: younger ones may still be finished by their call. */
  readonly olderThanMs: number;
  /**
   * Claims never settled are taken only this long after they were made: longer than any call runs and than an
   * authorization's validity, so only those their gateway abandoned are checked.
   */
  readonly abandonedAfterMs: number;
  /** How long this instance holds the claims it takes; another instance skips them until then. */
  readonly leaseMs: number;
  readonly limit: number;
}

/**
 * Take up to `limit` unfinished settlements to check on chain, each for `leaseMs`. Rows another transaction holds
 * are skipped (SKIP LOCKED) and the lease moves `reconcile_after` forward, so several gateway instances never check
 * the same claim at once.
 */
export async function leaseUnfinishedSettlements(
  db: Queryable,
  options: LeaseOptions,
): Promise<UnfinishedSettlement[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `UPDATE payment_claims SET reconcile_after = now() + make_interval(secs => $2::double precision / 1000)
      WHERE payment_id IN (
        SELECT payment_id FROM payment_claims
         WHERE (state = 'settling' AND reconcile_after <= now()
                AND settling_at <= now() - make_interval(secs => $1::double precision / 1000))
            OR (state = 'claimed' AND coalesce(reconcile_after, created_at) <= now()
                AND created_at <= now() - make_interval(secs => $4::double precision / 1000))
         ORDER BY coalesce(reconcile_after, created_at) LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING payment_id, state, tool, network, scheme, asset, authorizer, auth_nonce, valid_before::text AS valid_before,
                tx_lifetime, tx_hash, payer, account_id, settling_at`,
    [options.olderThanMs, options.leaseMs, options.limit, options.abandonedAfterMs],
  );
  return rows.map((row) => ({
    paymentId: row.payment_id as string,
    state: row.state as UnfinishedSettlement['state'],
    tool: row.tool as string,
    network: row.network as string,
    scheme: (row.scheme as string | null) ?? null,
    asset: (row.asset as string | null) ?? null,
    authorizer: (row.authorizer as string | null) ?? null,
    nonce: (row.auth_nonce as string | null) ?? null,
    validBefore: row.valid_before == null ? null : BigInt(row.valid_before as string),
    lifetime: (row.tx_lifetime as string | null) ?? null,
    txHash: (row.tx_hash as string | null) ?? null,
    payer: (row.payer as string | null) ?? null,
    accountId: (row.account_id as string | null) ?? null,
    settlingAt: row.settling_at == null ? null : new Date(row.settling_at as string),
  }));
}

/** The ledger row's HTTP status for a call the gateway never answered. */
export const NO_ANSWER_STATUS = 0;

/**
 * The ledger outcomes of reconciled claims. A claim that never started settling was not landed by us: if its
 * authorization was used all the same, someone else holding it landed it (the payee was paid, the call never answered).
 */
const FINISHED_OUTCOMES = {
  settling: { used: 'settled_unanswered', expired: 'settlement_expired' },
  claimed: { used: 'settled_by_another_party', expired: 'claim_expired' },
} as const;

/** The ledger row of the claim a statement's `finished` step returns; its outcome and status are the last two parameters. */
const LEDGER_ROW_OF_FINISHED = (outcome: number) => `
  INSERT INTO call_ledger (tool, account_id, payer, token, amount, tx_hash, outcome, http_status, latency_ms)
  SELECT tool, account_id, coalesce(payer, authorizer), token, amount, tx_hash, $${outcome}, $${outcome + 1}::integer,
         greatest(0, floor(extract(epoch FROM now() - created_at) * 1000))::integer
    FROM finished RETURNING id`;

/**
 * An unfinished settlement whose authorization was used on chain: the payer was charged, so the call gets its ledger
 * row (outcome `settled_unanswered`, with the transaction when known), a credit top-up its credit entry (once per
 * payment: the call may still credit it, by the same reference), and the claim is settled, in one transaction.
 * Undefined when the claim was no longer settling (its call, or another instance, finished it first).
 */
export function finishUnansweredSettlement(
  db: Db,
  paymentId: string,
  txHash: string | null,
  state: UnfinishedSettlement['state'] = 'settling',
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `WITH finished AS (
         UPDATE payment_claims SET state = 'settled', tx_hash = coalesce($2, tx_hash), settled_at = now()
          WHERE payment_id = $1 AND state = $5 RETURNING *)
       ${LEDGER_ROW_OF_FINISHED(3)}`,
      [paymentId, txHash, FINISHED_OUTCOMES[state].used, NO_ANSWER_STATUS, state],
    );
    if (!rows[0]) return undefined;
    await releaseRunningIdempotencyKey(tx, paymentId);
    const { rows: topups } = await tx.query<{ account_id: string; credit_amount: string }>(
      `SELECT account_id, credit_amount::text AS credit_amount FROM payment_claims
        WHERE payment_id = $1 AND credit_amount IS NOT NULL AND account_id IS NOT NULL`,
      [paymentId],
    );
    const topup = topups[0];
    if (topup)
      await creditTopupIn(tx, {
        accountId: topup.account_id,
        amount: BigInt(topup.credit_amount),
        reference: paymentId,
      });
    return String(rows[0].id);
  });
}

/**
 * An unfinished settlement whose authorization was never used and can no longer be (past its validity): nothing
 * was charged, so the claim is released and the ledger says the settlement expired.
 */
export function releaseExpiredSettlement(
  db: Db,
  paymentId: string,
  state: UnfinishedSettlement['state'] = 'settling',
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    await releaseRunningIdempotencyKey(tx, paymentId);
    const { rows } = await tx.query<{ id: string }>(
      // A transaction recorded for it never landed: the row names none, since nothing was charged.
      `WITH finished AS (
         DELETE FROM payment_claims WHERE payment_id = $1 AND state = $4
         RETURNING tool, account_id, payer, authorizer, token, amount, NULL::text AS tx_hash, created_at)
       ${LEDGER_ROW_OF_FINISHED(2)}`,
      [paymentId, FINISHED_OUTCOMES[state].expired, 402, state],
    );
    return rows[0] ? String(rows[0].id) : undefined;
  });
}

/**
 * The call's Idempotency-Key (bound to its payment) stays `running` when its gateway stopped: no stored answer exists
 * to replay, so the key is given back rather than blocking its retries for good. A retry with the same payment is then
 * refused as used.
 */
async function releaseRunningIdempotencyKey(db: Queryable, paymentId: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE payment_id = $1 AND state = 'running'`, [paymentId]);
}
