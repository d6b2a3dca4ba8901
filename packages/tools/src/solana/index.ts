// Solana tools: balances, transfers, swaps (splBuyIntent, executeSolanaSwap), prices and token search.
export { solanaBalanceReader } from './balances/solana-balance-reader.js';
export { solanaBalances } from './balances/solana-balances.js';
export { JUPITER_SETTING } from './market/jupiter-market.js';
export { solanaGetTokenPairPrice } from './prices/solana-get-token-pair-price.js';
export { solanaGetTokenPrices } from './prices/solana-get-token-prices.js';
export { liveSolanaChain, SOLANA_RPC_SETTING, type SolanaChain, solanaChainOf } from './solana-chain.js';
export { type ExecuteSolanaSwapInput, executeSolanaSwap, type SolanaSwapDeps, type SolanaSwapResult } from './swap/execute-swap.js';
export { findSolanaSwapToken } from './swap/find-solana-swap-token.js';
export { splBuyIntent } from './swap/spl-buy-intent.js';
export { solanaTransfer } from './transfer/solana-transfer.js';
