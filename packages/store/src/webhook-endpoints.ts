import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.js';

/** What the owner sees of its endpoint: never the secret. */
export interface WebhookEndpoint {
  readonly url: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly secretRotatedAt: string;
}

type EndpointRow = {
  url: string;
  created_at: Date | string;
  updated_at: Date | string;
  secret_rotated_at: Date | string;
};

const COLUMNS = 'url, created_at, updated_at, secret_rotated_at';
const iso = (value: Date | string) => new Date(value).toISOString();
const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  url: row.url,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  secretRotatedAt: iso(row.secret_rotated_at),
});

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64 (the key is the decoded bytes). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Set the account's webhook URL. The first call makes the signing secret and returns it (the only time it is
 * shown, with rotation); a later call changes the URL and keeps the secret, returning none.
 */
export async function setWebhookEndpoint(
  db: Queryable,
  accountId: string,
  url: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string | undefined }> {
  const secret = newWebhookSecret();
  const { rows } = await db.query<EndpointRow & { created: boolean }>(
    `INSERT INTO webhook_endpoints (account_id, url, secret) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE SET url = EXCLUDED.url, updated_at = now()
     RETURNING ${COLUMNS}, (xmax = 0) AS created`,
    [accountId, url, secret],
  );
  const row = rows[0]!;
  return { endpoint: toEndpoint(row), secret: row.created ? secret : undefined };
}

/** Replace the signing secret; undefined when the account has no endpoint. Deliveries from now on use the new one. */
export async function rotateWebhookSecret(
  db: Queryable,
  accountId: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string } | undefined> {
  const secret = newWebhookSecret();
  const { rows } = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET secret = $2, secret_rotated_at = now(), updated_at = now() WHERE account_id = $1 RETURNING ${COLUMNS}`,
    [accountId, secret],
  );
  return rows[0] && { endpoint: toEndpoint(rows[0]), secret };
}

export async function webhookEndpointOf(db: Queryable, accountId: string): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query<EndpointRow>(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE account_id = $1`, [
    accountId,
  ]);
  return rows[0] && toEndpoint(rows[0]);
}

/**
 * Remove the account's endpoint (and its secret); true when there was one. Deliveries still queued then find no
 * endpoint, as for an account that never set one; a later PUT makes a new secret.
 */
export async function removeWebhookEndpoint(db: Queryable, accountId: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM webhook_endpoints WHERE account_id = $1 RETURNING account_id', [
    accountId,
  ]);
  return rows.length > 0;
}
