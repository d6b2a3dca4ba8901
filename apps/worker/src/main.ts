// A standalone conditional-order worker: a second process beside the gateway (whose embedded worker keeps running),
// on the same PostgreSQL database, so two workers race for the claims and either may die and restart. Sandbox mode:
// the gateway's anvils (SANDBOX_EVM_RPC_URLS); live mode: the live feeds and chains whose settings are present.
import { evmChainById, type MasterKeyProvider } from '@svc/chains';
import { ConfigError, loadConfig, loadMasterKey, sandboxEvmRpcUrls } from '@svc/config';
import type { SandboxEvmMarket } from '@svc/sandbox';
import { type Db, onOrderChanges, type OrderNetwork, openStore } from '@svc/store';
import type { OrderEngine } from '@svc/tools';
import {
  CONDITIONAL_ORDER_INTERVAL_MS,
  CONDITIONAL_ORDER_JOB,
  conditionalOrderJob,
  describeOrderNetworks,
  liveOrderEngineOf,
} from './conditional-orders/index.js';
import { startWorker } from './worker.js';

/** SANDBOX_EVM_RPC_URLS, which a sandbox worker cannot do without: the gateway's chains are where it swaps. */
function requiredSandboxEvmRpcUrls(setting: string | undefined): Map<number, string> {
  const urls = sandboxEvmRpcUrls(setting);
  if (urls.size === 0)
    throw new ConfigError(
      'SANDBOX_EVM_RPC_URLS is required: the sandbox chains (chainId=url, comma-separated) the worker swaps on, e.g. 8453=http://127.0.0.1:8545',
    );
  return urls;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new ConfigError(`${name} must be a positive integer (milliseconds)`);
  return parsed;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError(
      "The standalone worker needs DATABASE_URL: it shares the gateway's PostgreSQL database (a PGlite directory belongs to one process).",
    );
  const intervalMs = positiveInteger(
    'CONDITIONAL_ORDER_INTERVAL_MS',
    process.env.CONDITIONAL_ORDER_INTERVAL_MS,
    CONDITIONAL_ORDER_INTERVAL_MS,
  );
  const db = await openStore({ databaseUrl: config.databaseUrl });
  const masterKey = await loadMasterKey(config);
  const log = (level: string, details: Record<string, unknown>, msg: string) =>
    console.log(
      JSON.stringify({
        level,
        time: new Date().toISOString(),
        ...details,
        ...('err' in details ? { err: String(details.err) } : {}),
        msg,
      }),
    );
  const workerId = process.env.WORKER_ID;
  let engine: OrderEngine;
  let networks: readonly OrderNetwork[];
  if (config.mode === 'live') {
    // Live: the networks whose settings (RPC_URL_*, ZEROX_API_KEY, SOLANA_RPC_URL, JUPITER_API_KEY) are present.
    const live = liveOrderEngineOf({
      settings: config,
      db,
      masterKey,
      workerId,
      log: { warn: (details, msg) => log('warn', details, msg), error: (details, msg) => log('error', details, msg) },
    });
    const { details, message } = describeOrderNetworks(live.networks);
    log('info', details, message);
    ({ engine } = live);
    networks = live.networks.watched;
  } else {
    ({ engine, networks } = await sandboxWorkerEngine(db, masterKey, workerId));
  }
  const worker = startWorker([conditionalOrderJob(engine, intervalMs)], {
    error: (details, message) => log('error', details, message),
  });
  // New and changed orders are announced (LISTEN/NOTIFY): the job runs at once; the interval stays the fallback.
  const stopListening = await onOrderChanges(db, () => worker.wake(CONDITIONAL_ORDER_JOB));
  const shutdown = async (signal: string) => {
    log('info', { signal }, 'shutting down');
    await stopListening?.();
    await worker.stop();
    await engine.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  log('info', { mode: config.mode, workerId: engine.workerId, networks, intervalMs }, 'conditional-order worker ready');
}

/**
 * Sandbox: the gateway's anvils named in SANDBOX_EVM_RPC_URLS (the sandbox Solana chain lives in the gateway process).
 * The sandbox modules are imported here only, so a live worker never loads them.
 */
async function sandboxWorkerEngine(
  db: Db,
  masterKey: MasterKeyProvider,
  workerId: string | undefined,
): Promise<{ engine: OrderEngine; networks: OrderNetwork[] }> {
  const urls = requiredSandboxEvmRpcUrls(process.env.SANDBOX_EVM_RPC_URLS);
  const [{ connectSandboxEvmChain, openSandboxEvmMarket }, { sandboxOrderEngine }] = await Promise.all([
    import('@svc/sandbox'),
    import('./sandbox.js'),
  ]);
  const markets = new Map<number, Promise<SandboxEvmMarket>>();
  const evm = (chainId: number): Promise<SandboxEvmMarket> => {
    const rpcUrl = urls.get(chainId);
    if (!rpcUrl) return Promise.reject(new Error(`chain ${chainId} is not in SANDBOX_EVM_RPC_URLS`));
    let market = markets.get(chainId);
    if (!market) {
      market = connectSandboxEvmChain({ chainId, rpcUrl }).then(openSandboxEvmMarket);
      market.catch(() => markets.delete(chainId));
      markets.set(chainId, market);
    }
    return market;
  };
  const networks = [...urls.keys()].map((chainId) => evmChainById(chainId)?.key as OrderNetwork);
  return { engine: sandboxOrderEngine({ db, sandbox: { evm }, masterKey, workerId, networks }), networks };
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
