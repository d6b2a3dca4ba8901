// Perpetuals-exchange reads (Hyperliquid's info API in live mode, the sandbox perp exchange in sandbox mode).
import { defineFamily } from '../family.js';
import {
  perpdexFills,
  perpdexOpenOrders,
  perpdexOrderHistory,
  perpdexPerpAccount,
  perpdexPortfolio,
  perpdexStaking,
  perpdexVaults,
} from './account.js';
import { perpdexHoldings } from './holdings.js';
import {
  perpdexCandles,
  perpdexFundingHistory,
  perpdexOrderBook,
  perpdexPerpMarkets,
  perpdexPrice,
} from './markets.js';

export const perpdexFamily = defineFamily({
  handlers: {
    perpdexPerpAccount,
    perpdexHoldings,
    perpdexStaking,
    perpdexVaults,
    perpdexPortfolio,
    perpdexOpenOrders,
    perpdexOrderHistory,
    perpdexFills,
    perpdexPerpMarkets,
    perpdexPrice,
    perpdexOrderBook,
    perpdexCandles,
    perpdexFundingHistory,
  },
});
