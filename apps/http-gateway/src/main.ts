import { join } from 'node:path';
import { onOrderChanges, openStore } from '@svc/store';
import { feePayersOf } from '@svc/payments';
import {
  CONDITIONAL_ORDER_JOB,
  conditionalOrderJob,
  liveWatchedChainRpcs,
  sandboxWatchedChainRpcs,
  startWorker,
  trackedWalletJobs,
} from '@svc/worker';
import { type FacilitatorClient, HTTPFacilitatorClient } from '@x402/core/server';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadMasterKey, sandboxEvmRpcUrls } from '@svc/config';
import { loadSigningKey } from './oauth/index.js';
import { selfHostedSettlement } from './self-hosted-settlement.js';
import { shutDown } from './shutdown.js';
import { startupLog } from './startup-log.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const progress = startupLog(config.logLevel);
  const pgliteDir = join(config.dataDir, 'pglite');
  progress('opening the database', config.databaseUrl ? { database: 'postgres' } : { database: 'pglite', pgliteDir });
  const db = await openStore({ databaseUrl: config.databaseUrl, pgliteDir });
  progress('database ready (migrated)', { database: db.kind });
  // Imported only in sandbox mode: live mode never loads the sandbox emulators.
  if (config.mode === 'sandbox') progress('starting the sandbox chains', { chainsDir: join(config.dataDir, 'chains') });
  const sandbox =
    config.mode === 'sandbox'
      ? await (
          await import('./sandbox.js')
        ).startSandbox({
          dataDir: config.dataDir,
          payTo: config.payTo,
          // A second gateway settles and trades on the first one's EVM chains (its log line names sandboxBaseRpc).
          evmRpcUrls: sandboxEvmRpcUrls(process.env.SANDBOX_EVM_RPC_URLS),
          settlementBatchMax: config.settlementBatchMax,
          marketSimulatorRate: config.sandboxMarketSimRate,
          crossChainTickSeconds: config.sandboxCrossChainTickSeconds,
        })
      : undefined;
  if (sandbox) progress('sandbox chains ready', { baseRpc: sandbox.base.rpcUrl, solanaRpc: sandbox.solana.rpcUrl });
  const remoteFacilitator = config.facilitatorUrl
    ? new HTTPFacilitatorClient({ url: config.facilitatorUrl })
    : undefined;
  const feePayer = remoteFacilitator && !sandbox ? await remoteFeePayers(remoteFacilitator) : undefined;
  // Live mode with SETTLER_PRIVATE_KEYS settles Base payments itself; sandbox mode's facilitator is the sandbox's.
  const selfHosted = sandbox ? undefined : selfHostedSettlement(config, remoteFacilitator);
  if (selfHosted)
    progress('settling Base payments in process (SETTLER_PRIVATE_KEYS)', { settlers: selfHosted.settlers });
  const facilitator = selfHosted?.facilitator ?? remoteFacilitator;
  const oauthSigningKey = await loadSigningKey({ setting: config.oauthSigningKey, dataDir: config.dataDir });
  const masterKey = await loadMasterKey(config);
  const app = await buildApp(config, {
    db,
    sandbox,
    facilitator,
    settlementBroadcasts: selfHosted?.broadcasts,
    feePayer,
    oauthSigningKey,
    masterKey,
    workerId: process.env.WORKER_ID,
  });
  const { orderEngine } = app;
  // The embedded worker: tracked-wallet watchers (eth, base, bsc, polygon, solana: the sandbox chains, or each chain's
  // RPC setting in live mode), webhook delivery and the conditional-order triggers.
  const worker = startWorker(
    [
      ...trackedWalletJobs({
        db,
        mode: config.mode,
        masterKey,
        rpcs: sandbox
          ? sandboxWatchedChainRpcs(sandbox)
          : liveWatchedChainRpcs({ ...config.evmSettings, SOLANA_RPC_URL: config.providerSettings.SOLANA_RPC_URL }),
        log: { warn: (message) => app.log.warn(message) },
      }),
      ...(orderEngine ? [conditionalOrderJob(orderEngine)] : []),
    ],
    { error: (details, message) => app.log.error(details, message) },
  );
  // PostgreSQL announces new and changed orders: the trigger job runs at once instead of at its next poll.
  const stopListening = orderEngine ? await onOrderChanges(db, () => worker.wake(CONDITIONAL_ORDER_JOB)) : undefined;
  const shutdown = (signal: string) =>
    shutDown(signal, {
      timeoutMs: config.shutdownTimeoutMs,
      log: app.log,
      steps: [
        async () => stopListening?.(),
        () => worker.stop(),
        async () => orderEngine?.stop(),
        () => app.close(),
        async () => sandbox?.stop(),
        () => db.close(),
      ],
    });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info({ address }, `listening on ${address}`);
  app.log.info(
    {
      mode: config.mode,
      url: config.publicBaseUrl,
      database: db.kind,
      sandboxBaseRpc: sandbox?.base.rpcUrl,
      sandboxSolanaRpc: sandbox?.solana.rpcUrl,
    },
    `ready: ${config.publicBaseUrl}/docs`,
  );
}

/** Without its Solana fee payer, SOL_USDC requirements cannot be paid; the other tokens still can, so start anyway. */
async function remoteFeePayers(facilitator: FacilitatorClient): Promise<{ solana?: string }> {
  const feePayer: { solana?: string } = await feePayersOf(facilitator).catch((error: unknown) => {
    console.warn(
      `FACILITATOR_URL /supported failed (${error instanceof Error ? error.message : String(error)}): SOL_USDC payments cannot be accepted until restart.`,
    );
    return {};
  });
  if (!feePayer.solana)
    console.warn('The facilitator announces no Solana mainnet fee payer: SOL_USDC payments cannot be accepted.');
  return feePayer;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
