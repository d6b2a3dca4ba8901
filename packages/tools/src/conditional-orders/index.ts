// Conditional orders: the ten create tools, the position tools of the Core table, the price helper and the engine.
import { defineFamily } from '../family.js';
import { movesNothing } from '../valuation.js';
import { calculateAdjustedPrice } from './calculate-adjusted-price.js';
import { cancelPosition, closeAllPositions } from './cancel-positions.js';
import { conditionalEntry } from './create-entry.js';
import { conditionalExit } from './create-exit.js';
import { deleteConditionalOrder } from './delete-conditional-order.js';
import { findPositionById, getAllPositions, listPositions } from './read-positions.js';
import { updatePosition } from './update-position.js';
import { deleteOrderValue, entryValue, exitValue } from './valuations.js';

export { OrderEngine } from './engine/order-engine.js';
export { sandboxPriceFeed } from './engine/sandbox-price-feed.js';
export type { SwapExecutor, SwapExecutors } from './engine/swap-executor.js';
export { evmSwapExecutor } from './executors/evm-swap-executor.js';
export { solanaSwapExecutor } from './executors/solana-swap-executor.js';
export { LIVE_PRICE_INTERVAL_MS } from './live/live-price-feed.js';
export { liveOrderEngine } from './live/live-order-engine.js';
export { liveOrderNetworks } from './live/order-networks.js';

export const conditionalOrdersFamily = defineFamily({
  handlers: {
    createSolanaConditionalEntry: conditionalEntry<'createSolanaConditionalEntry'>('solana'),
    createSolanaConditionalExit: conditionalExit<'createSolanaConditionalExit'>('solana'),
    createEthereumConditionalEntry: conditionalEntry<'createEthereumConditionalEntry'>('ethereum'),
    createEthereumConditionalExit: conditionalExit<'createEthereumConditionalExit'>('ethereum'),
    createBscConditionalEntry: conditionalEntry<'createBscConditionalEntry'>('bsc'),
    createBscConditionalExit: conditionalExit<'createBscConditionalExit'>('bsc'),
    createPolygonConditionalEntry: conditionalEntry<'createPolygonConditionalEntry'>('polygon'),
    createPolygonConditionalExit: conditionalExit<'createPolygonConditionalExit'>('polygon'),
    createBaseConditionalEntry: conditionalEntry<'createBaseConditionalEntry'>('base'),
    createBaseConditionalExit: conditionalExit<'createBaseConditionalExit'>('base'),
    findPositionById,
    getAllPositions,
    listPositions,
    updatePosition,
    cancelPosition,
    deleteConditionalOrder,
    closeAllPositions,
    calculateAdjustedPrice,
  },
  valuations: {
    createSolanaConditionalEntry: entryValue('solana'),
    createSolanaConditionalExit: exitValue('solana'),
    createEthereumConditionalEntry: entryValue('ethereum'),
    createEthereumConditionalExit: exitValue('ethereum'),
    createBscConditionalEntry: entryValue('bsc'),
    createBscConditionalExit: exitValue('bsc'),
    createPolygonConditionalEntry: entryValue('polygon'),
    createPolygonConditionalExit: exitValue('polygon'),
    createBaseConditionalEntry: entryValue('base'),
    createBaseConditionalExit: exitValue('base'),
    deleteConditionalOrder: deleteOrderValue,
    // Position edits and cancellations change orders, not balances; an order's funding was counted when it was placed.
    updatePosition: movesNothing,
    cancelPosition: movesNothing,
    closeAllPositions: movesNothing,
  },
});
