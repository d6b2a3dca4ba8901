import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { LocalMasterKeyRing, type MasterKeyProvider, newMasterKeyText, parseMasterKey } from '@svc/chains';
import { type Config, ConfigError } from './config.js';
import { readOrCreateFile } from './write-once-file.js';

/** Where sandbox mode keeps the master key it generates (base64, one line; copyable into SVC_MASTER_KEY). */
export const MASTER_KEY_FILE = 'master-key';

const liveModeNeedsKey = () => new ConfigError('Live mode needs SVC_MASTER_KEY.');

/**
 * The master key that seals vault seeds: SVC_MASTER_KEY (with SVC_PREVIOUS_MASTER_KEYS); in sandbox mode without
 * it, DATA_DIR/master-key, generated on first start (mode 0600). Live mode never generates one: loadConfig
 * already refused to start without SVC_MASTER_KEY.
 */
export async function loadMasterKey(config: Config): Promise<MasterKeyProvider> {
  if (config.masterKey) return config.masterKey;
  if (config.mode === 'live') throw liveModeNeedsKey();
  const file = join(config.dataDir, MASTER_KEY_FILE);
  return new LocalMasterKeyRing(parseMasterKey(await readOrCreateFile(file, () => `${newMasterKeyText()}\n`), file));
}

/** A key that lives as long as the process: sandbox apps built without one (tests, the demo, the bench). */
export function ephemeralMasterKey(config: Config): MasterKeyProvider {
  if (config.mode === 'live') throw liveModeNeedsKey();
  return new LocalMasterKeyRing(randomBytes(32));
}
