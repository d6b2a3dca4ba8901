import {
  type Db,
  type Queryable,
  resealVaultKey,
  resealVaultSecret,
  type SealedVaultSecret,
  vaultKeysToReseal,
  vaultSecretsToReseal,
} from '@svc/store';
import { openSecret, sealSecret } from './envelope.js';
import type { MasterKeyProvider } from './master-key.js';

export interface RotationProgress {
  /** Vaults re-sealed by this run. */
  readonly resealed: number;
}

/** One sealed seed a rotation batch holds locked: whom it is sealed for, and how to store its new seal. */
interface SealedRow {
  readonly accountId: string;
  readonly sealed: SealedVaultSecret;
  reseal(tx: Queryable, sealed: SealedVaultSecret): Promise<boolean>;
}

/** Where sealed seeds live: the account vaults (`vault_keys`) and the product vaults (`vaults`). */
const SEALED_TABLES: readonly ((tx: Queryable, keyId: string, limit: number) => Promise<SealedRow[]>)[] = [
  async (tx, keyId, limit) =>
    (await vaultKeysToReseal(tx, keyId, limit)).map((row) => ({
      ...row,
      reseal: (t, sealed) => resealVaultKey(t, row.accountId, row.sealed.masterKeyId, sealed),
    })),
  async (tx, keyId, limit) =>
    (await vaultSecretsToReseal(tx, keyId, limit)).map((row) => ({
      ...row,
      reseal: (t, sealed) => resealVaultSecret(t, row.vaultId, row.sealed.masterKeyId, sealed),
    })),
];

/**
 * Re-seal every vault seed not yet under `masterKey.currentKeyId`, account vaults and product vaults alike: each secret
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
        for (const row of await rowsToReseal(tx, masterKey.currentKeyId, batchSize)) {
          const secret = await openSecret(row.sealed, row.accountId, masterKey);
          try {
            if (await row.reseal(tx, await sealSecret(secret, row.accountId, masterKey))) count += 1;
          } finally {
            secret.fill(0);
          }
        }
        return count;
      });
      if (committed === 0) break;
      resealed += committed;
      options.onBatch?.({ resealed });
    }
  }
  return { resealed };
}
