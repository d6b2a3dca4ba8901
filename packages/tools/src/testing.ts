// Test helpers of @svc/tools (import '@svc/tools/testing'): the registry's tables, to call handlers directly or to build
// a ToolService with altered ones, and the swap functions the chain tests drive without a tool call.
export type { SwapExecutor } from './conditional-orders/index.js';
export { executeSwap } from './evm/index.js';
export { handlers, valuations } from './families.js';
export { executeSolanaSwap } from './solana/index.js';
export { movesNothing } from './valuation.js';
export { type MarketHistory, recordedMarketActivity } from './testing/recorded-market-activity.js';
// The conditional-order engine's trigger index, which the orders benchmark (bench/orders.mjs) drives directly.
export { TriggerIndex } from './conditional-orders/engine/trigger-index.js';
