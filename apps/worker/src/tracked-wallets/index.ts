// Tracked-wallet watching: polls chains for transfers of tracked addresses, records them with their webhook deliveries.
export type { ActivityKind, TransferDetails } from './event-kinds.js';
export { type EvmWatchOptions, watchEvmChainOnce, type WatchPass } from './evm-watcher.js';
export { type SolanaWatchOptions, watchSolanaOnce } from './solana-watcher.js';
export { solanaRpcClient } from './solana-rpc.js';
export { trackedWalletJobs, type TrackedWalletJobsOptions } from './jobs.js';
export { WATCHED_EVM_CHAINS, type WatchedEvmChain } from './watched-chains.js';
