import { join } from 'node:path';
import { openStore } from '@svc/store';
import { UsageError } from './cli/access-keys.js';
import { ROTATE_MASTER_KEY_USAGE, rotateMasterKeyCli } from './cli/rotate-master-key.js';
import { ConfigError, loadConfig } from './config.js';
import { loadMasterKey } from './master-key.js';

/** Entry of the operator command `npm run rotate-master-key -- <command> …` (see README, Custody and account tools). */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openStore({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    await rotateMasterKeyCli(process.argv.slice(2), { db, masterKey: await loadMasterKey(config), print: (line) => console.log(line) });
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(error.message === ROTATE_MASTER_KEY_USAGE ? error.message : `${error.message}\n\n${ROTATE_MASTER_KEY_USAGE}`);
  else console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
