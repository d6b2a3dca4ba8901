// The conditional-order trigger engine: index, claims, execution through the chain tools' swap executors.
export { type Execution, OrderEngine, type OrderEngineOptions } from './order-engine.js';
export type { PriceFeed, PriceTick } from './price-feed.js';
export { sandboxPriceFeed } from './sandbox-price-feed.js';
export type { SwapExecutor, SwapExecutors, SwapOutcome, SwapRequest } from './swap-executor.js';
export { planSwap, quantityText } from './swap-plan.js';
export { type IndexedOrder, TriggerIndex } from './trigger-index.js';
