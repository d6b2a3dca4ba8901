import { randomBytes } from 'node:crypto';
import { LocalMasterKeyRing, type MasterKeyProvider } from '@svc/chains';
import { type Config, refuseGeneratedKeyInLiveMode } from '@svc/config';

/** A key that lives as long as the process: sandbox apps built without one (tests, the demo, the bench). */
export function ephemeralMasterKey(config: Config): MasterKeyProvider {
  refuseGeneratedKeyInLiveMode(config);
  return new LocalMasterKeyRing(randomBytes(32));
}
