export type { Handler, HandlerContext, HandlerResources, HandlerTable, ServiceMode } from './handler.js';
export { handlers } from './handlers.js';
export { type MovedValue, movesNothing, type Valuation, type ValuationTable } from './valuation.js';
export { valuations } from './valuations.js';
export { CREDIT_TOKEN, type CreditCharge, type InvokeOutcome, type InvokeRequest, ToolService, type ToolServiceOptions } from './invoke.js';
export { type CallSpend, DEFAULT_SPENDING_POLICY, describePolicy, type PolicyRule, policyOf, policyView, UNPRICED_MOVES_FLAG } from './policy/index.js';
export { NO_VAULT_CHAINS, type VaultChains } from './vaults/index.js';
export * from './conditional-orders/index.js';
export { EVM_BALANCE_READERS, evmBalanceReader, type EvmNetworks, executeSwap, type ExecuteSwapInput, type ExecuteSwapResult, liveEvmNetworks } from './evm/index.js';
export {
  type ExecuteSolanaSwapInput,
  executeSolanaSwap,
  liveSolanaChain,
  type SolanaChain,
  type SolanaSwapDeps,
  type SolanaSwapResult,
  solanaBalanceReader,
} from './solana/index.js';
export { HEDERA_NETWORK_SETTING, hederaBalances, type LiveHederaSettings, liveHederaNetwork } from './hedera/index.js';
export { BITCOIN_ESPLORA_SETTING, BITCOIN_ORD_SETTING, type BitcoinChainAccess, bitcoinBalanceReader, EsploraClient, liveBitcoinChain } from './bitcoin/index.js';
