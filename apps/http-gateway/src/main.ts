import { join } from 'node:path';
import { openStore } from '@svc/store';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startSandbox } from './sandbox.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openStore({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  const sandbox = config.mode === 'sandbox' ? await startSandbox({ dataDir: config.dataDir, payTo: config.payTo }) : undefined;
  const facilitator = config.facilitatorUrl ? new HTTPFacilitatorClient({ url: config.facilitatorUrl }) : undefined;
  const app = await buildApp(config, { db, sandbox, facilitator });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await sandbox?.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info({ mode: config.mode, url: config.publicBaseUrl, database: db.kind, sandboxBaseRpc: sandbox?.base.rpcUrl, sandboxSolanaRpc: sandbox?.solana.rpcUrl }, `ready: ${config.publicBaseUrl}/docs`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
