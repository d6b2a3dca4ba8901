import { join } from 'node:path';
import { LocalMasterKeyRing, type MasterKeyProvider, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { type Config, ConfigError } from './config.js';
import { readOrCreateFile } from './write-once-file.js';

/** Where sandbox mode keeps the master key it generates (base64, one line; copyable into SVC_MASTER_KEY). */
export const MASTER_KEY_FILE = 'master-key';

/**
 * Live mode never makes up a master key (loadConfig already refused to start without SVC_MASTER_KEY): a key that
 * is generated, stored or ephemeral is for sandbox mode only.
 */
export function refuseGeneratedKeyInLiveMode(config: Config): void {
  if (config.mode === 'live') throw new ConfigError('Live mode needs SVC_MASTER_KEY.');
}

/**
 * The master key that seals vault seeds: SVC_MASTER_KEY (with SVC_PREVIOUS_MASTER_KEYS); in sandbox mode without
 * it, DATA_DIR/master-key, generated on first start (mode 0600).
 */
export async function loadMasterKey(config: Config): Promise<MasterKeyProvider> {
  if (config.masterKey) return config.masterKey;
  refuseGeneratedKeyInLiveMode(config);
  const file = join(config.dataDir, MASTER_KEY_FILE);
  return new LocalMasterKeyRing(parseMasterKey(await readOrCreateFile(file, () => `${newMasterKeyText()}\n`), file));
}
