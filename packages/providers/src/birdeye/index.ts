export {
  BIRDEYE_CHAINS,
  BIRDEYE_SETTING,
  type BirdeyeChain,
  BirdeyeClient,
  isBirdeyeChain,
  type SearchedToken,
  type TokenMetadata,
  type TokenTradeData,
  type TrendingPage,
  type TrendingRequest,
  type TrendingToken,
} from './birdeye.js';
