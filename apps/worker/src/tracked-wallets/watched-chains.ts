/** An EVM chain the watcher can poll, with the setting that names its RPC in live mode. */
export interface WatchedEvmChain {
  /** The tracked-wallet chain name (addTrackedWallet's `chains`). */
  readonly chain: 'eth' | 'base' | 'bsc' | 'polygon';
  readonly rpcSetting: 'ETH_RPC_URL' | 'BASE_RPC_URL' | 'BSC_RPC_URL' | 'POLYGON_RPC_URL';
  readonly nativeSymbol: string;
  /**
   * Live mode reads blocks this far behind the head, so events are rarely recorded from a block that is then
   * reorganised away (events are never retracted). Sandbox chains do not reorganise: 0 there.
   */
  readonly confirmations: number;
}

export const WATCHED_EVM_CHAINS: readonly WatchedEvmChain[] = [
  { chain: 'eth', rpcSetting: 'ETH_RPC_URL', nativeSymbol: 'ETH', confirmations: 12 },
  { chain: 'base', rpcSetting: 'BASE_RPC_URL', nativeSymbol: 'ETH', confirmations: 12 },
  { chain: 'bsc', rpcSetting: 'BSC_RPC_URL', nativeSymbol: 'BNB', confirmations: 15 },
  { chain: 'polygon', rpcSetting: 'POLYGON_RPC_URL', nativeSymbol: 'POL', confirmations: 32 },
];
