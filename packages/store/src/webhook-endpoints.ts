import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.js';
import type { SealedVaultSecret } from './vault-keys.js';

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
 * A signing secret as stored: sealed like a vault seed (the custody package seals and opens it; the store keeps only
 * the envelope), or, only for an endpoint made before secrets were sealed and not yet sealed at start-up, in clear.
 */
export type StoredWebhookSecret =
  | { readonly sealed: SealedVaultSecret; readonly clear?: undefined }
  | { readonly clear: string; readonly sealed?: undefined };

/** The secret columns of `webhook_endpoints` (read here and by the outbox's claim). */
export type SecretRow = {
  secret: string | null;
  envelope_version: number | null;
  master_key_id: string | null;
  wrapped_data_key: string | null;
  secret_ciphertext: string | null;
};

const SECRET_COLUMNS = 'secret, envelope_version, master_key_id, wrapped_data_key, secret_ciphertext';

/** The row's secret; the table's CHECK guarantees exactly one of the two forms. */
export function storedSecretOf(row: SecretRow): StoredWebhookSecret {
  if (row.secret !== null) return { clear: row.secret };
  return {
    sealed: {
      version: Number(row.envelope_version),
      masterKeyId: row.master_key_id!,
      wrappedDataKey: row.wrapped_data_key!,
      ciphertext: row.secret_ciphertext!,
    },
  };
}

const sealedParams = (sealed: SealedVaultSecret) => [
  sealed.version,
  sealed.masterKeyId,
  sealed.wrappedDataKey,
  sealed.ciphertext,
];

/**
 * Set the account's webhook URL. A new endpoint stores `sealedSecret` (its caller shows that secret this once); an
 * existing one changes its URL and keeps its secret (`created` false: the caller shows none).
 */
export async function setWebhookEndpoint(
  db: Queryable,
  accountId: string,
  url: string,
  sealedSecret: SealedVaultSecret,
): Promise<{ endpoint: WebhookEndpoint; created: boolean }> {
  const { rows } = await db.query<EndpointRow & { created: boolean }>(
    `INSERT INTO webhook_endpoints (account_id, url, envelope_version, master_key_id, wrapped_data_key, secret_ciphertext)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id) DO UPDATE SET url = EXCLUDED.url, updated_at = now()
     RETURNING ${COLUMNS}, (xmax = 0) AS created`,
    [accountId, url, ...sealedParams(sealedSecret)],
  );
  const row = rows[0]!;
  return { endpoint: toEndpoint(row), created: row.created };
}

/** Replace the signing secret; undefined when the account has no endpoint. Deliveries from now on use the new one. */
export async function rotateWebhookSecret(
  db: Queryable,
  accountId: string,
  sealedSecret: SealedVaultSecret,
): Promise<WebhookEndpoint | undefined> {
  const { rows } = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET secret = NULL, envelope_version = $2, master_key_id = $3, wrapped_data_key = $4,
            secret_ciphertext = $5, secret_rotated_at = now(), updated_at = now()
      WHERE account_id = $1 RETURNING ${COLUMNS}`,
    [accountId, ...sealedParams(sealedSecret)],
  );
  return rows[0] && toEndpoint(rows[0]);
}

/** An endpoint's secret locked for sealing or re-sealing in the caller's transaction. */
export interface WebhookSecretToSeal {
  readonly accountId: string;
  readonly secret: StoredWebhookSecret;
}

/**
 * Up to `limit` endpoint secrets that are still clear or, unless `clearOnly`, sealed under another master key than
 * `keyId`, locked in the caller's transaction (SKIP LOCKED: concurrent runs share the work).
 */
export async function webhookSecretsToSeal(
  tx: Queryable,
  keyId: string,
  limit: number,
  clearOnly = false,
): Promise<WebhookSecretToSeal[]> {
  const { rows } = await tx.query<SecretRow & { account_id: string }>(
    `SELECT account_id, ${SECRET_COLUMNS} FROM webhook_endpoints
      WHERE secret IS NOT NULL OR (NOT $3 AND master_key_id <> $1)
      ORDER BY account_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [keyId, limit, clearOnly],
  );
  return rows.map((row) => ({ accountId: row.account_id, secret: storedSecretOf(row) }));
}

/**
 * Store the new seal of the same secret, dropping any clear copy; false when the secret changed since it was read
 * (rotated, or sealed by someone else), so a concurrent rotation is never overwritten with the old secret.
 */
export async function sealWebhookSecret(
  tx: Queryable,
  accountId: string,
  was: StoredWebhookSecret,
  sealed: SealedVaultSecret,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE webhook_endpoints SET secret = NULL, envelope_version = $3, master_key_id = $4, wrapped_data_key = $5, secret_ciphertext = $6
      WHERE account_id = $1 AND (CASE WHEN $2::text IS NULL THEN secret IS NULL AND secret_ciphertext = $7 ELSE secret = $2 END)
      RETURNING account_id`,
    [accountId, was.clear ?? null, ...sealedParams(sealed), was.sealed?.ciphertext ?? null],
  );
  return rows.length === 1;
}

/** How many endpoint secrets each master key seals (`clear` for the ones not yet sealed): the rotation's report. */
export async function webhookSecretCountsByMasterKey(db: Queryable): Promise<{ masterKeyId: string; count: number }[]> {
  const { rows } = await db.query<{ master_key_id: string; count: string | number }>(
    `SELECT coalesce(master_key_id, 'clear') AS master_key_id, count(*) AS count FROM webhook_endpoints
      GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((row) => ({ masterKeyId: row.master_key_id, count: Number(row.count) }));
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
