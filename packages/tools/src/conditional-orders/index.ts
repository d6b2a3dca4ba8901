// Conditional orders: the ten create tools, the position tools of the Core table, the price helper and the engine.
import { calculateAdjustedPrice } from './calculate-adjusted-price.js';
import { cancelPosition, closeAllPositions } from './cancel-positions.js';
import { conditionalEntry } from './create-entry.js';
import { conditionalExit } from './create-exit.js';
import { deleteConditionalOrder } from './delete-conditional-order.js';
import { findPositionById, getAllPositions, listPositions } from './read-positions.js';
import { updatePosition } from './update-position.js';

export * from './engine/index.js';
export { plainDecimal } from './calculate-adjusted-price.js';
export { evmSwapExecutor } from './executors/evm-swap-executor.js';
export { solanaSwapExecutor } from './executors/solana-swap-executor.js';
export { evmVenuePriceFeed } from './live/evm-venue-price-feed.js';
export { LIVE_PRICE_INTERVAL_MS, livePriceFeed } from './live/live-price-feed.js';
export { liveOrderEngine, type LiveOrderEngineOptions } from './live/live-order-engine.js';
export { type LiveOrderNetworks, liveOrderNetworks, orderNetworkSettings, requireWatchedNetwork } from './live/order-networks.js';
export { solanaMarketPriceFeed } from './live/solana-market-price-feed.js';
export { tokenKey } from './tokens.js';

/** The conditional-order tools for the handler table. */
export const conditionalOrderHandlers = {
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
};
