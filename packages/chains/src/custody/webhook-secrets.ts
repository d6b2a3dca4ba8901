import {
  type Db,
  newWebhookSecret,
  type Queryable,
  rotateWebhookSecret as storeRotatedWebhookSecret,
  sealWebhookSecret,
  setWebhookEndpoint as storeWebhookEndpoint,
  type StoredWebhookSecret,
  type WebhookEndpoint,
  webhookSecretsToSeal,
} from '@svc/store';
import { openSecret, sealSecret } from './envelope.js';
import type { MasterKeyProvider } from './master-key.js';

/*
 * Webhook signing secrets sealed at rest like vault seeds (purpose `webhook`, so neither record opens in the other's
 * place): the database holds only the envelope, and signing a delivery needs the master key as well as a dump.
 */

const sealedFor = (secret: string, accountId: string, masterKey: MasterKeyProvider) =>
  sealSecret(Buffer.from(secret, 'utf8'), accountId, masterKey, 'webhook');

/**
 * Set the account's webhook URL. A new endpoint gets a fresh secret, sealed before it is stored and returned this
 * once; an existing one keeps its secret and returns none.
 */
export async function setWebhookEndpoint(
  db: Queryable,
  masterKey: MasterKeyProvider,
  accountId: string,
  url: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string | undefined }> {
  const secret = newWebhookSecret();
  const { endpoint, created } = await storeWebhookEndpoint(
    db,
    accountId,
    url,
    await sealedFor(secret, accountId, masterKey),
  );
  return { endpoint, secret: created ? secret : undefined };
}

/** Replace the account's secret with a fresh sealed one, returned this once; undefined when it has no endpoint. */
export async function rotateWebhookSecret(
  db: Queryable,
  masterKey: MasterKeyProvider,
  accountId: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string } | undefined> {
  const secret = newWebhookSecret();
  const endpoint = await storeRotatedWebhookSecret(db, accountId, await sealedFor(secret, accountId, masterKey));
  return endpoint && { endpoint, secret };
}

/** The secret to sign the account's deliveries with (MasterKeyUnknown or SealBroken, never a wrong secret). */
export async function openWebhookSecret(
  stored: StoredWebhookSecret,
  accountId: string,
  masterKey: MasterKeyProvider,
): Promise<string> {
  if (stored.clear !== undefined) return stored.clear;
  return Buffer.from(await openSecret(stored.sealed, accountId, masterKey, 'webhook')).toString('utf8');
}

/** Seal `stored` again under the current master key (a clear one for the first time); false when it changed meanwhile. */
export async function resealWebhookSecret(
  tx: Queryable,
  accountId: string,
  stored: StoredWebhookSecret,
  masterKey: MasterKeyProvider,
): Promise<boolean> {
  const secret = await openWebhookSecret(stored, accountId, masterKey);
  return sealWebhookSecret(tx, accountId, stored, await sealedFor(secret, accountId, masterKey));
}

/**
 * Seal every secret still stored in clear (endpoints made before migration 23): the gateway runs it at start-up, as
 * SQL cannot seal. One transaction per batch, rows locked with SKIP LOCKED, so instances starting together share the
 * work; returns how many this call sealed.
 */
export async function sealClearWebhookSecrets(db: Db, masterKey: MasterKeyProvider, batchSize = 100): Promise<number> {
  let sealed = 0;
  for (;;) {
    const committed = await db.transaction(async (tx) => {
      let count = 0;
      for (const row of await webhookSecretsToSeal(tx, masterKey.currentKeyId, batchSize, true))
        if (await resealWebhookSecret(tx, row.accountId, row.secret, masterKey)) count += 1;
      return count;
    });
    if (committed === 0) return sealed;
    sealed += committed;
  }
}
