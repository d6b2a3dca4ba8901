export {
  type CoinGeckoPlan,
  CoinGeckoClient,
  COINGECKO_SETTING,
  type CoinMatch,
  type CoinPrice,
  type TrendingCoin,
} from './coingecko.js';
