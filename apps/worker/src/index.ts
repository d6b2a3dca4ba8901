export { type PeriodicJob, type RunningWorker, startWorker, type WorkerLog } from './worker.js';
export { deliverDueWebhooks, type WebhookDeliveryOptions } from './webhooks/deliver.js';
export type { RetryPolicy } from './webhooks/retry-policy.js';
export { isInternalHost } from './webhooks/receiver-address.js';
export {
  type ActivityKind,
  type ChainRpc,
  type EvmWatchOptions,
  liveWatchedChainRpcs,
  type SandboxChainsToWatch,
  sandboxWatchedChainRpcs,
  type SolanaWatchOptions,
  trackedWalletJobs,
  type TrackedWalletJobsOptions,
  type TransferDetails,
  WATCHED_EVM_CHAINS,
  type WatchedChain,
  type WatchedChainRpcs,
  type WatchedEvmChain,
  watchEvmChainOnce,
  type WatchPass,
} from './tracked-wallets/index.js';
export {
  CONDITIONAL_ORDER_INTERVAL_MS,
  CONDITIONAL_ORDER_JOB,
  conditionalOrderJob,
  describeOrderNetworks,
  liveOrderEngineOf,
  type LiveOrderSettings,
} from './conditional-orders/index.js';
