import { join } from 'node:path';
import { openStore } from '@svc/store';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openStore({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  const app = await buildApp(config, { db });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info({ mode: config.mode, url: config.publicBaseUrl, database: db.kind }, `ready: ${config.publicBaseUrl}/docs`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
