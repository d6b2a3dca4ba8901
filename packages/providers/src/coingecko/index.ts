export {
  type CoinGeckoPlan,
  CoinGeckoClient,
  type CoinGeckoOperation,
  COINGECKO_SETTING,
  COINGECKO_X402,
  type CoinMatch,
  type CoinPrice,
  type TrendingCoin,
} from './coingecko.js';
