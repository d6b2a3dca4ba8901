import type { MasterKeyProvider } from '@svc/chains';
import { type Db, trackedAddressesOn } from '@svc/store';
import { createPublicClient, http } from 'viem';
import { deliverDueWebhooks, type WebhookDeliveryOptions } from '../webhooks/deliver.js';
import { publicOnlyFetch } from '../webhooks/receiver-address.js';
import type { PeriodicJob } from '../worker.js';
import { watchEvmChainOnce } from './evm-watcher.js';
import { solanaRpcClient } from './solana-rpc.js';
import { watchSolanaOnce } from './solana-watcher.js';
import {
  type ChainRpc,
  SOLANA_WATCH_SETTING,
  WATCHED_EVM_CHAINS,
  type WatchedChain,
  type WatchedChainRpcs,
} from './watched-chains.js';

export interface TrackedWalletJobsOptions {
  readonly db: Db;
  readonly mode: 'sandbox' | 'live';
  /** Opens the webhook endpoints' sealed signing secrets for delivery. */
  readonly masterKey: MasterKeyProvider;
  /**
   * Each chain's RPC: live mode, liveWatchedChainRpcs (the registry's RPC_URL_* settings, SOLANA_RPC_URL); sandbox
   * mode, sandboxWatchedChainRpcs (all five sandbox chains, the anvils started once a wallet is tracked there). A
   * chain without one is not watched.
   */
  readonly rpcs: WatchedChainRpcs;
  readonly log: { warn(message: string): void };
  /** Default 5 s. */
  readonly watchIntervalMs?: number;
  /** Default 1 s. */
  readonly deliveryIntervalMs?: number;
  readonly delivery?: Omit<WebhookDeliveryOptions, 'db' | 'masterKey'>;
}

/**
 * The tracked-wallet jobs: one watcher per chain with an RPC (the EVM chains, Solana), and webhook delivery. Each
 * chain that cannot be watched is named once in a warning (with its setting in live mode).
 */
export function trackedWalletJobs(options: TrackedWalletJobsOptions): PeriodicJob[] {
  const { db, mode, log } = options;
  const jobs: PeriodicJob[] = [];
  for (const watched of WATCHED_EVM_CHAINS) {
    const rpc = options.rpcs[watched.chain];
    if (!rpc) {
      log.warn(notWatched(mode, watched.chain, watched.evm.rpcSetting));
      continue;
    }
    const clientOf = connectOnDemand(db, watched.chain, rpc, (url) =>
      createPublicClient({ transport: http(url, { timeout: 10_000, retryCount: 1 }) }),
    );
    const confirmations = mode === 'live' ? watched.confirmations : 0;
    jobs.push({
      name: `watch-${watched.chain}`,
      intervalMs: options.watchIntervalMs ?? 5_000,
      run: async () => {
        const client = await clientOf();
        if (!client) return;
        await watchEvmChainOnce({
          db,
          client,
          chain: watched.chain,
          nativeSymbol: watched.evm.nativeSymbol,
          confirmations,
        });
      },
    });
  }
  if (options.rpcs.solana) {
    const rpcOf = connectOnDemand(db, 'solana', options.rpcs.solana, solanaRpcClient);
    const commitment = mode === 'live' ? 'finalized' : 'confirmed';
    jobs.push({
      name: 'watch-solana',
      intervalMs: options.watchIntervalMs ?? 5_000,
      run: async () => {
        const rpc = await rpcOf();
        if (rpc) await watchSolanaOnce({ db, rpc, commitment });
      },
    });
  } else {
    log.warn(notWatched(mode, 'solana', SOLANA_WATCH_SETTING));
  }
  // Live deliveries leave from inside the service's network: they may only reach public addresses.
  const fetch = mode === 'live' ? publicOnlyFetch() : undefined;
  jobs.push({
    name: 'webhook-delivery',
    intervalMs: options.deliveryIntervalMs ?? 1_000,
    run: async () => {
      await deliverDueWebhooks({ db, masterKey: options.masterKey, fetch, ...options.delivery });
    },
  });
  return jobs;
}

const notWatched = (mode: 'sandbox' | 'live', chain: WatchedChain, setting: string): string =>
  mode === 'live'
    ? `Tracked wallets on ${chain} are not watched: set ${setting}.`
    : `Tracked wallets on ${chain} are not watched: no sandbox ${chain} chain was given to the worker.`;

/**
 * The chain's client, connected once. A chain started on first use is started by the first pass that finds a wallet
 * tracked on it; until then there is nothing to watch (undefined), so an unused sandbox chain never starts. A failed
 * start is tried again on the next pass.
 */
function connectOnDemand<Client>(
  db: Db,
  chain: WatchedChain,
  rpc: ChainRpc,
  connect: (url: string) => Client,
): () => Promise<Client | undefined> {
  if (typeof rpc === 'string') {
    const client = connect(rpc);
    return async () => client;
  }
  let client: Client | undefined;
  return async () => {
    if (!client && (await trackedAddressesOn(db, chain)).length > 0) client = connect(await rpc.start());
    return client;
  };
}
