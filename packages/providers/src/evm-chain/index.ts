export type { EvmNetwork, EvmNetworks, KnownToken } from './evm-network.js';
export { isNative, resolveToken } from './evm-token.js';
export { LIVE_KNOWN_TOKENS, type LiveEvmSettings, liveEvmNetworks } from './live-evm-networks.js';
export { type TokenDiscovery, transferLogDiscovery, type TransferLogWindow } from './token-discovery.js';
