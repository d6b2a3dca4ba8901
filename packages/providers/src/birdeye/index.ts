export {
  BIRDEYE_CHAINS,
  BIRDEYE_SETTING,
  BIRDEYE_X402,
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
