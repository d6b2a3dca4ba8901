export { JUPITER_SETTING, jupiterMarket } from './jupiter-market.js';
export {
  NATIVE_SOL,
  routeView,
  type SolanaAsset,
  type SolanaMarket,
  type SolanaRouteStep,
  type SolanaSwapQuote,
  type SolanaTokenInfo,
  type SolanaTokenPrice,
  SwapUnavailable,
  type SwapQuoteRequest,
  WSOL_MINT,
} from './solana-market.js';
