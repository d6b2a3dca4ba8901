export {
  clobHmac,
  clobL1Headers,
  clobL2Headers,
  type OrderV2,
  orderBody,
  POLYGON_CTF_EXCHANGE_V2,
  POLYGON_NEG_RISK_ADAPTER,
  POLYGON_NEG_RISK_CTF_EXCHANGE_V2,
  POLYGON_USDC_E,
  signOrderV2,
} from './clob-signing.js';
export { marketOrderAmounts } from './market-order.js';
export {
  type ClobCredentials,
  type ClobOrderAnswer,
  type DataPositionsQuery,
  type GammaEventsQuery,
  POLYMARKET_DEFAULT_URLS,
  POLYMARKET_SETTINGS,
  PolymarketClient,
  type PolymarketBook,
  type PolymarketUrls,
} from './polymarket.js';
