import type { Queryable } from './db.js';
import { type SecretRow, storedSecretOf, type StoredWebhookSecret } from './webhook-endpoints.js';

/** A delivery claimed for one attempt, with where it goes (the account's endpoint now, if it still has one). */
export interface ClaimedDelivery {
  /** The outbox id: the `webhook-id` header, the same on every attempt. */
  readonly id: string;
  readonly accountId: string;
  readonly body: string;
  /** Attempts made before this one. */
  readonly attempts: number;
  /** The signing secret as stored: the delivering worker opens it with the master key. */
  readonly endpoint: { readonly url: string; readonly secret: StoredWebhookSecret } | undefined;
}

type ClaimRow = SecretRow & {
  id: string;
  account_id: string;
  payload: string;
  attempts: number;
  url: string | null;
};

/**
 * Claim up to `limit` due deliveries for one attempt. `FOR UPDATE SKIP LOCKED` lets several workers claim side by
 * side without waiting on or taking each other's rows; the claim pushes `next_attempt_at` out by `leaseMs`, so a
 * worker that dies mid-delivery leaves its rows due again once the lease ends (receivers de-duplicate on
 * `webhook-id`), while a live worker records the outcome long before.
 */
export async function claimDueDeliveries(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimRow>(
    `WITH due AS (
       SELECT id FROM webhook_outbox WHERE state = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_outbox o SET next_attempt_at = now() + $2::double precision * interval '1 millisecond'
         FROM due WHERE o.id = due.id RETURNING o.id, o.account_id, o.payload, o.attempts
     )
     SELECT c.id, c.account_id, c.payload, c.attempts, e.url, e.secret, e.envelope_version, e.master_key_id,
            e.wrapped_data_key, e.secret_ciphertext
       FROM claimed c LEFT JOIN webhook_endpoints e ON e.account_id = c.account_id ORDER BY c.id`,
    [limit, leaseMs],
  );
  return rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    body: row.payload,
    attempts: Number(row.attempts),
    endpoint: row.url ? { url: row.url, secret: storedSecretOf(row) } : undefined,
  }));
}

export async function markDelivered(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE webhook_outbox SET state = 'delivered', attempts = attempts + 1, delivered_at = now(), last_error = NULL WHERE id = $1`,
    [id],
  );
}

/** Record a failed attempt: due again in `retryInMs`, or dead (never retried) when that is null. */
export async function markAttemptFailed(
  db: Queryable,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  await db.query(
    `UPDATE webhook_outbox
        SET attempts = attempts + 1, last_error = $2,
            state = CASE WHEN $3::double precision IS NULL THEN 'dead' ELSE 'pending' END,
            next_attempt_at = now() + COALESCE($3::double precision, 0) * interval '1 millisecond'
      WHERE id = $1`,
    [id, error.slice(0, 500), retryInMs],
  );
}
