export { liveSolanaChain, SOLANA_RPC_SETTING } from './live-solana-chain.js';
export { SOLANA_NETWORK, type SolanaChain } from './solana-chain.js';
