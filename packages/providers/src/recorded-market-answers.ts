// The market providers' fixtures (FIXTURES.md says which are recorded and where from, which built from docs), for tests
// outside this package that run a tool on its provider's answers.
import metaData from './birdeye/fixtures/meta-data-single.json' with { type: 'json' };
import searchV3 from './birdeye/fixtures/search-v3.json' with { type: 'json' };
import tokenTrending from './birdeye/fixtures/token-trending.json' with { type: 'json' };
import tradeData from './birdeye/fixtures/trade-data-single.json' with { type: 'json' };
import coinSearch from './coingecko/fixtures/search.json' with { type: 'json' };
import searchTrending from './coingecko/fixtures/search-trending.json' with { type: 'json' };
import simplePriceBitcoin from './coingecko/fixtures/simple-price-bitcoin.json' with { type: 'json' };
import extractCompleted from './firecrawl/fixtures/extract-completed.json' with { type: 'json' };
import extractStarted from './firecrawl/fixtures/extract-started.json' with { type: 'json' };
import tagStocks from './jupiter-tokens/fixtures/tag-stocks.json' with { type: 'json' };
import toptrending1h from './jupiter-tokens/fixtures/toptrending-1h.json' with { type: 'json' };
import defiHoldings from './nansen/fixtures/portfolio-defi-holdings.json' with { type: 'json' };
import profilerTransactions from './nansen/fixtures/profiler-transactions.json' with { type: 'json' };
import smartMoneyDexTrades from './nansen/fixtures/smart-money-dex-trades.json' with { type: 'json' };
import smartMoneyHoldings from './nansen/fixtures/smart-money-holdings.json' with { type: 'json' };
import smartMoneyNetflow from './nansen/fixtures/smart-money-netflow.json' with { type: 'json' };
import perpPositions from './nansen/fixtures/tgm-perp-positions.json' with { type: 'json' };
import pnlLeaderboard from './nansen/fixtures/tgm-pnl-leaderboard.json' with { type: 'json' };
import whoBoughtSold from './nansen/fixtures/tgm-who-bought-sold.json' with { type: 'json' };
import tokenScreener from './nansen/fixtures/token-screener.json' with { type: 'json' };
import rugcheckReport from './rugcheck/fixtures/report-jojo.json' with { type: 'json' };
import tavilySearch from './tavily/fixtures/search.json' with { type: 'json' };

/** Recorded answers by provider and endpoint. */
export const RECORDED_MARKET_ANSWERS = {
  birdeye: { metaData, searchV3, tokenTrending, tradeData },
  coingecko: { search: coinSearch, searchTrending, simplePriceBitcoin },
  firecrawl: { extractStarted, extractCompleted },
  jupiterTokens: { tagStocks, toptrending1h },
  nansen: {
    defiHoldings,
    profilerTransactions,
    smartMoneyDexTrades,
    smartMoneyHoldings,
    smartMoneyNetflow,
    perpPositions,
    pnlLeaderboard,
    whoBoughtSold,
    tokenScreener,
  },
  rugcheck: { report: rugcheckReport },
  tavily: { search: tavilySearch },
} as const;
