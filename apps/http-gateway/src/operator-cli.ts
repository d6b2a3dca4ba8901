import { join } from 'node:path';
import { DatabaseInUse, openStore } from '@svc/store';
import { ACCESS_KEYS_USAGE, accessKeysCli } from './cli/access-keys.js';
import { CREDIT_USAGE, creditCli } from './cli/credit.js';
import { DEPLOY_VAULT_COLLECTION_USAGE, deployVaultCollectionCli } from './cli/deploy-vault-collection.js';
import { ROTATE_MASTER_KEY_USAGE, rotateMasterKeyCli } from './cli/rotate-master-key.js';
import { type OperatorContext, UsageError } from './cli/operator.js';
import { type Config, ConfigError, loadConfig, loadMasterKey } from '@svc/config';

/** The operator commands (`npm run <group> -- <command> …`, see docs/operations/access-keys-and-credit.md and key-rotation.md), by group. */
const GROUPS: Record<
  string,
  { readonly usage: string; run(argv: readonly string[], context: OperatorContext, config: Config): Promise<void> }
> = {
  'access-keys': {
    usage: ACCESS_KEYS_USAGE,
    run: (argv, context, config) => accessKeysCli(argv, { ...context, environment: config.accessKeyEnvironment }),
  },
  credit: { usage: CREDIT_USAGE, run: (argv, context) => creditCli(argv, context) },
  'rotate-master-key': {
    usage: ROTATE_MASTER_KEY_USAGE,
    run: async (argv, context, config) =>
      rotateMasterKeyCli(argv, { ...context, masterKey: await loadMasterKey(config) }),
  },
};

/** The operator commands that reach no database (so they run beside a running service on the embedded one). */
const WITHOUT_DATABASE: Record<
  string,
  { readonly usage: string; run(argv: readonly string[], config: Config): Promise<void> }
> = {
  'deploy-vault-collection': {
    usage: DEPLOY_VAULT_COLLECTION_USAGE,
    run: (argv, config) => deployVaultCollectionCli(argv, { config, print: (line) => console.log(line) }),
  },
};

async function main(group: string | undefined, argv: readonly string[]): Promise<void> {
  const standalone = group === undefined ? undefined : WITHOUT_DATABASE[group];
  if (standalone) {
    try {
      return await standalone.run(argv, loadConfig());
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`${error.message}\n\n${standalone.usage}`);
      throw error;
    }
  }
  const command = group === undefined ? undefined : GROUPS[group];
  if (!command)
    throw new UsageError(
      `usage: operator-cli <${[...Object.keys(GROUPS), ...Object.keys(WITHOUT_DATABASE)].join('|')}> <command> [options]`,
    );
  const config = loadConfig();
  const db = await openStore({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    await command.run(argv, { db, print: (line) => console.log(line) }, config);
  } catch (error) {
    // A usage error is printed with the usage of the command it belongs to.
    if (error instanceof UsageError && error.message !== command.usage)
      throw new UsageError(`${error.message}\n\n${command.usage}`);
    throw error;
  } finally {
    await db.close();
  }
}

const [group, ...argv] = process.argv.slice(2);
main(group, argv).catch((error: unknown) => {
  // The running service holds the embedded database: say so instead of a stack trace.
  if (error instanceof UsageError || error instanceof DatabaseInUse) console.error(error.message);
  else console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(error instanceof UsageError ? 2 : 1);
});
