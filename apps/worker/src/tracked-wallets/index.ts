// Tracked-wallet watching: polls chains for transfers of tracked addresses, records them with their webhook deliveries.
export type { ActivityKind, TransferDetails } from './event-kinds.js';
export { type EvmWatchOptions, watchEvmChainOnce, type WatchPass } from './evm-watcher.js';
export { type SolanaWatchOptions, watchSolanaOnce } from './solana-watcher.js';
export { solanaRpcClient } from './solana-rpc.js';
export { trackedWalletJobs, type TrackedWalletJobsOptions } from './jobs.js';
export {
  type ChainRpc,
  liveWatchedChainRpcs,
  type SandboxChainsToWatch,
  sandboxWatchedChainRpcs,
  WATCHED_EVM_CHAINS,
  type WatchedChain,
  type WatchedChainRpcs,
  type WatchedEvmChain,
} from './watched-chains.js';
