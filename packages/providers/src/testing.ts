import { type Dispatcher, getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici';
import { afterEach, beforeEach } from 'vitest';
import composeSend from './bitcoin/fixtures/counterparty-compose-send.json' with { type: 'json' };
import openSeaFulfillmentData from './opensea/fixtures/fulfillment-data.json' with { type: 'json' };
import magicEdenCollectionStat from './magic-eden/fixtures/collection-stat.json' with { type: 'json' };
import magicEdenCollectionRanking from './magic-eden/fixtures/collection-ranking.json' with { type: 'json' };
import magicEdenRuneStats from './magic-eden/fixtures/rune-collection-stats.json' with { type: 'json' };
import magicEdenRuneInfo from './magic-eden/fixtures/rune-market-info.json' with { type: 'json' };
import ordiscanAlkaneUtxos from './ordiscan/fixtures/alkane-utxos.json' with { type: 'json' };
import ordiscanBrc20Activity from './ordiscan/fixtures/brc20-activity.json' with { type: 'json' };
import ordiscanCollectionMarket from './ordiscan/fixtures/collection-market.json' with { type: 'json' };
import ordiscanCollection from './ordiscan/fixtures/collection.json' with { type: 'json' };
import ordiscanInscriptionList from './ordiscan/fixtures/inscription-list.json' with { type: 'json' };
import ordiscanRune from './ordiscan/fixtures/rune.json' with { type: 'json' };
import stampchainSrc20Deploy from './stampchain/fixtures/src20-deploy.json' with { type: 'json' };
import stampchainStamp from './stampchain/fixtures/stamp.json' with { type: 'json' };
import unisatBrc20Types from './unisat/fixtures/brc20-types.json' with { type: 'json' };
import priceV3 from './solana-market/fixtures/price-v3.json' with { type: 'json' };
import alchemyTokenBalances from './evm-chain/fixtures/alchemy-get-token-balances.json' with { type: 'json' };
import ethTransferLogs from './evm-chain/fixtures/eth-transfer-logs.json' with { type: 'json' };
import type { JsonRpcExchange } from './evm-chain/json-rpc-replay.js';
import solanaTokenAccounts from './solana-chain/fixtures/token-accounts-by-owner.json' with { type: 'json' };
import { configureUpstream } from './upstream/registry.js';
import hlAllMids from './hyperliquid/fixtures/all-mids.json' with { type: 'json' };
import hlCandleSnapshot from './hyperliquid/fixtures/candle-snapshot.json' with { type: 'json' };
import hlClearinghouseState from './hyperliquid/fixtures/clearinghouse-state.json' with { type: 'json' };
import hlDelegations from './hyperliquid/fixtures/delegations.json' with { type: 'json' };
import hlDelegatorSummary from './hyperliquid/fixtures/delegator-summary.json' with { type: 'json' };
import hlFrontendOpenOrders from './hyperliquid/fixtures/frontend-open-orders.json' with { type: 'json' };
import hlFundingHistory from './hyperliquid/fixtures/funding-history.json' with { type: 'json' };
import hlHistoricalOrders from './hyperliquid/fixtures/historical-orders.json' with { type: 'json' };
import hlL2Book from './hyperliquid/fixtures/l2-book.json' with { type: 'json' };
import hlMetaAndAssetCtxs from './hyperliquid/fixtures/meta-and-asset-ctxs.json' with { type: 'json' };
import hlPortfolio from './hyperliquid/fixtures/portfolio.json' with { type: 'json' };
import hlSpotClearinghouseState from './hyperliquid/fixtures/spot-state.json' with { type: 'json' };
import hlUserFills from './hyperliquid/fixtures/user-fills.json' with { type: 'json' };
import hlUserVaultEquities from './hyperliquid/fixtures/user-vault-equities.json' with { type: 'json' };
import polymarketApiKey from './polymarket/fixtures/clob-api-key.json' with { type: 'json' };
import polymarketBalance from './polymarket/fixtures/clob-balance-allowance.json' with { type: 'json' };
import polymarketBook from './polymarket/fixtures/clob-book.json' with { type: 'json' };
import polymarketOrder from './polymarket/fixtures/clob-order.json' with { type: 'json' };

export { RECORDED_MARKET_ANSWERS } from './recorded-market-answers.js';
export { type JsonRpcExchange, replayJsonRpc } from './evm-chain/json-rpc-replay.js';

/** Recorded-shape JSON-RPC of a Transfer-log token discovery on Ethereum (see evm-chain/fixtures/README.md). */
export const RECORDED_ETH_TRANSFER_LOGS: readonly JsonRpcExchange[] = ethTransferLogs;

/** OpenSea's fulfillment_data answer for a Base listing paid in ETH (see opensea/fixtures/README.md). */
export const RECORDED_OPENSEA_FULFILLMENT_DATA = openSeaFulfillmentData;

/** Recorded-shape alchemy_getTokenBalances pages (see evm-chain/fixtures/README.md). */
export const RECORDED_ALCHEMY_TOKEN_BALANCES: readonly JsonRpcExchange[] = alchemyTokenBalances;

/** Solana balance reads with recorded Token-2022 token accounts (see solana-chain/fixtures/README.md). */
export const RECORDED_SOLANA_TOKEN_ACCOUNTS: readonly JsonRpcExchange[] = solanaTokenAccounts;

/** A recorded Counterparty compose/send answer: an unsigned transaction carrying an enhanced send (see fixtures/README.md). */
export const RECORDED_COUNTERPARTY_COMPOSE_SEND = composeSend;

/** A recorded Jupiter Price API v3 answer (WSOL and JUP, with liquidity). */
export const RECORDED_JUPITER_PRICE_V3 = priceV3;

/**
 * Ordiscan's own example answers (its SDK's test data, see ordiscan/fixtures/README.md): a rune, a list of
 * inscriptions, a collection, an address's BRC-20 activity, an address's outputs carrying alkanes.
 */
export const ORDISCAN_EXAMPLE_ANSWERS = {
  rune: ordiscanRune,
  inscriptionList: ordiscanInscriptionList,
  collection: ordiscanCollection,
  collectionMarket: ordiscanCollectionMarket,
  brc20Activity: ordiscanBrc20Activity,
  alkaneUtxos: ordiscanAlkaneUtxos,
};

/**
 * Hyperliquid info API answers by request type (recorded, or the docs' examples: each fixture names its source), and
 * the request each was the answer to.
 */
export const HYPERLIQUID_RECORDED_ANSWERS = {
  allMids: hlAllMids,
  candleSnapshot: hlCandleSnapshot,
  clearinghouseState: hlClearinghouseState,
  delegations: hlDelegations,
  delegatorSummary: hlDelegatorSummary,
  frontendOpenOrders: hlFrontendOpenOrders,
  fundingHistory: hlFundingHistory,
  historicalOrders: hlHistoricalOrders,
  l2Book: hlL2Book,
  metaAndAssetCtxs: hlMetaAndAssetCtxs,
  portfolio: hlPortfolio,
  spotClearinghouseState: hlSpotClearinghouseState,
  userFills: hlUserFills,
  userVaultEquities: hlUserVaultEquities,
};

/** Stampchain answers built on recorded rows (see stampchain/fixtures/README.md): a stamp, an SRC-20 deploy. */
export const STAMPCHAIN_RECORDED_ANSWERS = { stamp: stampchainStamp, src20Deploy: stampchainSrc20Deploy };

/**
 * Magic Eden's answers (see magic-eden/fixtures/README.md): the rune ones and the collection stats are examples built
 * from its published schema, the collection ranking a recorded answer.
 */
export const MAGIC_EDEN_EXAMPLE_ANSWERS = {
  runeMarketInfo: magicEdenRuneInfo,
  runeCollectionStats: magicEdenRuneStats,
  collectionStats: magicEdenCollectionStat,
  collectionRanking: magicEdenCollectionRanking,
};

/** UniSat's BRC-20 marketplace statistics built from its published schema (see unisat/fixtures/README.md). */
export const UNISAT_SCHEMA_EXAMPLES = { brc20Types: unisatBrc20Types };

/**
 * For tests of live adapters against recorded responses: a fresh undici MockAgent as the global dispatcher for each
 * test, with real network connections refused. After each test the previous dispatcher is back and, unless
 * `assertAllUsed` is false, every interceptor must have been used. Each test also starts with fresh upstream clients,
 * so no cached answer or breaker state leaks from one test into the next. Returns the current test's agent.
 */
export function useMockAgent({ assertAllUsed = true }: { assertAllUsed?: boolean } = {}): () => MockAgent {
  let previous: Dispatcher;
  let agent: MockAgent;
  beforeEach(() => {
    previous = getGlobalDispatcher();
    agent = new MockAgent();
    agent.disableNetConnect();
    setGlobalDispatcher(agent);
    configureUpstream({});
  });
  afterEach(async () => {
    if (assertAllUsed) agent.assertNoPendingInterceptors();
    setGlobalDispatcher(previous);
    await agent.close();
  });
  return () => agent;
}

/** Polymarket CLOB answers from an SDK's test data (see polymarket/fixtures/README.md), for the live predict adapter. */
export const POLYMARKET_CLOB_ANSWERS = {
  book: polymarketBook,
  apiKey: polymarketApiKey,
  balanceAllowance: polymarketBalance,
  order: polymarketOrder,
};
// pump.fun accounts encoded as its published IDL lays them out (the live launchpad adapter's tests).
export { encodePumpAccount } from './pump-fun/pump-accounts-testing.js';
export { encodeLaunchLabConfig, encodeLaunchLabPool } from './raydium-launchlab/launchlab-accounts-testing.js';
