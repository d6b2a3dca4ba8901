// The public surface of @svc/tools: the pipeline (ToolService), the spending policy, and the resources a deployment
// builds for the handlers (each chain family's sandbox and live flavour, the order engine). Test helpers: ./testing.
export { OrderEngine, evmSwapExecutor, LIVE_PRICE_INTERVAL_MS, liveOrderEngine, liveOrderNetworks, type SandboxMarketControl, sandboxMarketControl, sandboxPriceFeed, solanaSwapExecutor, type SwapExecutors } from './conditional-orders/index.js';
export { liveEvmNetworks, sandboxEvmNetworks } from './evm/index.js';
export { type LiveHederaSettings, liveHederaNetwork } from './hedera/index.js';
export { type CallPayment, type CallRequest, type CreditCharge, type InvokeOutcome, type PreparedCall, type ReadyCall, type TopupCredited, type TopupOutcome, ToolService } from './invoke.js';
export { type CallSpend, DEFAULT_SPENDING_POLICY, describePolicy, policyOf, policyView } from './policy/index.js';
export type { LiveOrderNetworks } from './ports/conditional-orders.js';
export type { EvmNetworks } from './ports/evm-networks.js';
export type { SolanaChain } from './ports/solana-chain.js';
export { liveSolanaChain, sandboxSolanaChain } from './solana/index.js';
export { sandboxVaultChains } from './vaults/index.js';
