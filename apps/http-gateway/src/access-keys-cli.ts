import { join } from 'node:path';
import { openStore } from '@svc/store';
import { ACCESS_KEYS_USAGE, accessKeysCli, UsageError } from './cli/access-keys.js';
import { ConfigError, loadConfig } from './config.js';

/** Entry of the operator command `npm run access-keys -- <command> …` (see README, Operators). */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openStore({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    await accessKeysCli(process.argv.slice(2), { db, environment: config.accessKeyEnvironment, print: (line) => console.log(line) });
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(error.message === ACCESS_KEYS_USAGE ? error.message : `${error.message}\n\n${ACCESS_KEYS_USAGE}`);
  else console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
