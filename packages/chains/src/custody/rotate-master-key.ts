import { type Db, resealVaultKey, vaultKeysToReseal } from '@svc/store';
import { openSecret, sealSecret } from './envelope.js';
import type { MasterKeyProvider } from './master-key.js';

export interface RotationProgress {
  /** Vaults re-sealed by this run. */
  readonly resealed: number;
}

/**
 * Re-seal every vault not yet under `masterKey.currentKeyId`: each secret is opened with the key that sealed it
 * (the provider must still hold the previous keys) and sealed again with a fresh data key under the current one.
 * Batches commit one transaction each, so an interrupted run keeps its progress and a re-run finishes the rest;
 * a vault whose key is missing stops the run with MasterKeyUnknown and leaves that batch untouched.
 */
export async function rotateMasterKey(
  db: Db,
  masterKey: MasterKeyProvider,
  options: { batchSize?: number; onBatch?: (progress: RotationProgress) => void } = {},
): Promise<RotationProgress> {
  const batchSize = options.batchSize ?? 100;
  let resealed = 0;
  for (;;) {
    // Counted only once the batch's transaction has committed.
    const committed = await db.transaction(async (tx) => {
      const batch = await vaultKeysToReseal(tx, masterKey.currentKeyId, batchSize);
      let count = 0;
      for (const vault of batch) {
        const secret = await openSecret(vault.sealed, vault.accountId, masterKey);
        try {
          if (await resealVaultKey(tx, vault.accountId, vault.sealed.masterKeyId, await sealSecret(secret, vault.accountId, masterKey))) count += 1;
        } finally {
          secret.fill(0);
        }
      }
      return count;
    });
    if (committed === 0) return { resealed };
    resealed += committed;
    options.onBatch?.({ resealed });
  }
}
