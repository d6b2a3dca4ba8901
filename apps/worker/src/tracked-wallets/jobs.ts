import type { MasterKeyProvider } from '@svc/chains';
import type { Db } from '@svc/store';
import { createPublicClient, http } from 'viem';
import { deliverDueWebhooks, type WebhookDeliveryOptions } from '../webhooks/deliver.js';
import { publicOnlyFetch } from '../webhooks/receiver-address.js';
import type { PeriodicJob } from '../worker.js';
import { watchEvmChainOnce } from './evm-watcher.js';
import { solanaRpcClient } from './solana-rpc.js';
import { watchSolanaOnce } from './solana-watcher.js';
import { WATCHED_EVM_CHAINS } from './watched-chains.js';

export interface TrackedWalletJobsOptions {
  readonly db: Db;
  readonly mode: 'sandbox' | 'live';
  /** Opens the webhook endpoints' sealed signing secrets for delivery. */
  readonly masterKey: MasterKeyProvider;
  /**
   * JSON-RPC URL per chain: live mode, from ETH_RPC_URL, BASE_RPC_URL, BSC_RPC_URL, POLYGON_RPC_URL; sandbox mode,
   * the sandbox chains that exist (Base on anvil, Solana's RPC facade). Live Solana reads SOLANA_RPC_URL. A chain
   * without one is not watched.
   */
  readonly rpcUrls: Partial<Record<'eth' | 'base' | 'bsc' | 'polygon' | 'solana', string | undefined>>;
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
    const rpcUrl = options.rpcUrls[watched.chain];
    if (!rpcUrl) {
      log.warn(
        mode === 'live'
          ? `Tracked wallets on ${watched.chain} are not watched: set ${watched.rpcSetting}.`
          : `Tracked wallets on ${watched.chain} are not watched in sandbox mode: there is no sandbox ${watched.chain} chain.`,
      );
      continue;
    }
    const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
    const confirmations = mode === 'live' ? watched.confirmations : 0;
    jobs.push({
      name: `watch-${watched.chain}`,
      intervalMs: options.watchIntervalMs ?? 5_000,
      run: async () => {
        await watchEvmChainOnce({
          db,
          client,
          chain: watched.chain,
          nativeSymbol: watched.nativeSymbol,
          confirmations,
        });
      },
    });
  }
  if (options.rpcUrls.solana) {
    const rpc = solanaRpcClient(options.rpcUrls.solana);
    const commitment = mode === 'live' ? 'finalized' : 'confirmed';
    jobs.push({
      name: 'watch-solana',
      intervalMs: options.watchIntervalMs ?? 5_000,
      run: async () => void (await watchSolanaOnce({ db, rpc, commitment })),
    });
  } else {
    log.warn(
      mode === 'live'
        ? 'Tracked wallets on solana are not watched: set SOLANA_RPC_URL.'
        : 'Tracked wallets on solana are not watched: no sandbox Solana chain.',
    );
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
