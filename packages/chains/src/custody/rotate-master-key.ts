import {
  type Db,
  type Queryable,
  resealVaultKey,
  resealVaultSecret,
  type SealedVaultSecret,
  vaultKeysToReseal,
  vaultSecretsToReseal,
  webhookSecretsToSeal,
} from '@svc/store';
import { openSecret, sealSecret } from './envelope.js';
import type { MasterKeyProvider } from './master-key.js';
import { resealWebhookSecret } from './webhook-secrets.js';

export interface RotationProgress {
  /** Secrets (vault seeds and webhook signing secrets) re-sealed by this run. */
  readonly resealed: number;
}

/** One sealed secret a rotation batch holds locked: re-seals it under the current key; false when it changed meanwhile. */
type ResealRow = (tx: Queryable, masterKey: MasterKeyProvider) => Promise<boolean>;

/** A vault seed: opened with the key that sealed it, sealed again with a fresh data key under the current one. */
async function resealVaultSeed(
  masterKey: MasterKeyProvider,
  accountId: string,
  sealed: SealedVaultSecret,
  store: (sealed: SealedVaultSecret) => Promise<boolean>,
): Promise<boolean> {
  const secret = await openSecret(sealed, accountId, masterKey);
  try {
    return await store(await sealSecret(secret, accountId, masterKey));
  } finally {
    secret.fill(0);
  }
}

/**
 * Where sealed secrets live: the account vaults (`vault_keys`), the product vaults (`vaults`) and the webhook signing
 * secrets (`webhook_endpoints`, whose secrets still in clear are sealed on the way).
 */
const SEALED_TABLES: readonly ((tx: Queryable, keyId: string, limit: number) => Promise<ResealRow[]>)[] = [
  async (tx, keyId, limit) =>
    (await vaultKeysToReseal(tx, keyId, limit)).map(
      (row) => (t, masterKey) =>
        resealVaultSeed(masterKey, row.accountId, row.sealed, (sealed) =>
          resealVaultKey(t, row.accountId, row.sealed.masterKeyId, sealed),
        ),
    ),
  async (tx, keyId, limit) =>
    (await vaultSecretsToReseal(tx, keyId, limit)).map(
      (row) => (t, masterKey) =>
        resealVaultSeed(masterKey, row.accountId, row.sealed, (sealed) =>
          resealVaultSecret(t, row.vaultId, row.sealed.masterKeyId, sealed),
        ),
    ),
  async (tx, keyId, limit) =>
    (await webhookSecretsToSeal(tx, keyId, limit)).map(
      (row) => (t, masterKey) => resealWebhookSecret(t, row.accountId, row.secret, masterKey),
    ),
];

/**
 * Re-seal every vault seed and webhook signing secret not yet under `masterKey.currentKeyId`: each secret
 * is opened with the key that sealed it (the provider must still hold the previous keys) and sealed again with a fresh
 * data key under the current one. Batches commit one transaction each, so an interrupted run keeps its progress and a
 * re-run finishes the rest; a vault whose key is missing stops the run with MasterKeyUnknown and leaves that batch
 * untouched.
 */
export async function rotateMasterKey(
  db: Db,
  masterKey: MasterKeyProvider,
  options: { batchSize?: number; onBatch?: (progress: RotationProgress) => void } = {},
): Promise<RotationProgress> {
  const batchSize = options.batchSize ?? 100;
  let resealed = 0;
  for (const rowsToReseal of SEALED_TABLES) {
    for (;;) {
      // Counted only once the batch's transaction has committed.
      const committed = await db.transaction(async (tx) => {
        let count = 0;
        for (const reseal of await rowsToReseal(tx, masterKey.currentKeyId, batchSize))
          if (await reseal(tx, masterKey)) count += 1;
        return count;
      });
      if (committed === 0) break;
      resealed += committed;
      options.onBatch?.({ resealed });
    }
  }
  return { resealed };
}
