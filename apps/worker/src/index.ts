export { type PeriodicJob, type RunningWorker, startWorker, type WorkerLog } from './worker.js';
export { deliverDueWebhooks, type WebhookDeliveryOptions } from './webhooks/deliver.js';
export type { RetryPolicy } from './webhooks/retry-policy.js';
export { isInternalHost } from './webhooks/receiver-address.js';
export {
  type ActivityKind,
  type EvmWatchOptions,
  type SolanaWatchOptions,
  trackedWalletJobs,
  type TrackedWalletJobsOptions,
  type TransferDetails,
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
