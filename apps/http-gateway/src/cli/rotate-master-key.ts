import { MasterKeyUnknown, type MasterKeyProvider, newMasterKeyText, rotateMasterKey } from '@svc/chains';
import { vaultKeyCountsByMasterKey, webhookSecretCountsByMasterKey } from '@svc/store';
import { type OperatorContext, parseOptions, UsageError } from './operator.js';

export const ROTATE_MASTER_KEY_USAGE = `usage: rotate-master-key <command> [options]
  new-key
      Print a fresh random master key (32 bytes, base64) for the next SVC_MASTER_KEY.
  status
      How many vaults and webhook signing secrets each master key seals, marking this configuration's current key
      (SVC_MASTER_KEY); webhook secrets not sealed yet show as "clear".
  run [--batch-size <n>]
      Re-seal every vault and webhook secret not under SVC_MASTER_KEY, opening each with the key in
      SVC_PREVIOUS_MASTER_KEYS that sealed it (and sealing any still in clear). One transaction per batch (default
      100): an interrupted run keeps its progress, run it again.
Rotation: 1. new-key; 2. on every instance and here, set SVC_MASTER_KEY=<new key> and SVC_PREVIOUS_MASTER_KEYS=<old key>
(instances then open both); 3. run; 4. once status shows only the new key, remove SVC_PREVIOUS_MASTER_KEYS.`;

export interface RotateMasterKeyCliContext extends OperatorContext {
  readonly masterKey: MasterKeyProvider;
}

/** `rotate-master-key new-key|status|run …`: the operator's way to move every vault seed and webhook secret to a new master key. */
export async function rotateMasterKeyCli(
  argv: readonly string[],
  { db, masterKey, print }: RotateMasterKeyCliContext,
): Promise<void> {
  const [command, ...rest] = argv;
  const values = parseOptions(rest, ['batch-size']);
  switch (command) {
    case 'new-key':
      print(newMasterKeyText());
      return;
    case 'status': {
      const counts = await vaultKeyCountsByMasterKey(db);
      if (counts.length === 0) print('No vaults yet.');
      for (const { masterKeyId, count } of counts)
        print(
          `${masterKeyId}  ${count} vault(s)  ${masterKeyId === masterKey.currentKeyId ? 'current' : 'to re-seal'}`,
        );
      for (const { masterKeyId, count } of await webhookSecretCountsByMasterKey(db))
        print(
          `${masterKeyId}  ${count} webhook secret(s)  ${masterKeyId === masterKey.currentKeyId ? 'current' : masterKeyId === 'clear' ? 'to seal' : 'to re-seal'}`,
        );
      return;
    }
    case 'run': {
      const batchSize = Number(values['batch-size'] ?? 100);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
        throw new UsageError('--batch-size must be an integer from 1 to 10000.');
      print(`Re-sealing every vault and webhook secret under ${masterKey.currentKeyId}…`);
      try {
        const { resealed } = await rotateMasterKey(db, masterKey, {
          batchSize,
          onBatch: (progress) => print(`  ${progress.resealed} re-sealed`),
        });
        print(
          `Done: ${resealed} secret(s) re-sealed by this run; every vault and webhook secret is under ${masterKey.currentKeyId}.`,
        );
      } catch (error) {
        if (!(error instanceof MasterKeyUnknown)) throw error;
        throw new UsageError(
          `A vault or webhook secret is sealed under ${error.keyId}, which this configuration does not hold: add that key to SVC_PREVIOUS_MASTER_KEYS and run again (batches already re-sealed are kept).`,
        );
      }
      return;
    }
    default:
      throw new UsageError(ROTATE_MASTER_KEY_USAGE);
  }
}
