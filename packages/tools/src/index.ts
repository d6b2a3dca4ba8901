export type { Handler, HandlerContext, HandlerTable, ServiceMode } from './handler.js';
export { handlers } from './handlers.js';
export { CREDIT_TOKEN, type CreditCharge, type InvokeOutcome, type InvokeRequest, ToolService, type ToolServiceOptions } from './invoke.js';
export { type CallSpend, checkCall, DEFAULT_SPENDING_POLICY, describePolicy, type PolicyRule, policyOf, policyView, spendOf } from './policy/index.js';
export { NO_VAULT_CHAINS, sandboxVaultChains, type VaultChains } from './vaults/index.js';
export { EVM_BALANCE_READERS, evmBalanceReader, type EvmNetworks, executeSwap, type ExecuteSwapInput, type ExecuteSwapResult, liveEvmNetworks, sandboxEvmNetworks } from './evm/index.js';
