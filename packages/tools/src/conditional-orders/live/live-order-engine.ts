import type { MasterKeyProvider } from '@svc/chains';
import type { OrderNetwork, Queryable } from '@svc/store';
import { OrderEngine } from '../engine/order-engine.js';
import type { PriceFeed } from '../engine/price-feed.js';
import type { SwapExecutors } from '../engine/swap-executor.js';
import { evmSwapExecutor } from '../executors/evm-swap-executor.js';
import { solanaSwapExecutor } from '../executors/solana-swap-executor.js';
import { evmVenuePriceFeed } from './evm-venue-price-feed.js';
import { livePriceFeed, type LivePriceFeedLog } from './live-price-feed.js';
import type { LiveOrderNetworks } from '../../ports/conditional-orders.js';
import { solanaMarketPriceFeed } from './solana-market-price-feed.js';
import type { EvmNetworks, SolanaChain } from '@svc/providers';

export interface LiveOrderEngineOptions {
  readonly db: Queryable;
  readonly masterKey: MasterKeyProvider;
  /** The live EVM chains (liveEvmNetworks over RPC_URL_* and ZEROX_API_KEY). */
  readonly evmNetworks: EvmNetworks;
  /** The live Solana chain (liveSolanaChain over SOLANA_RPC_URL and JUPITER_API_KEY). */
  readonly solana: SolanaChain;
  /** Which networks are watched (liveOrderNetworks of the deployment's settings); the others get no feed and no executor. */
  readonly networks: LiveOrderNetworks;
  /** How often each network's prices are read (ORDER_PRICE_INTERVAL_MS). */
  readonly priceIntervalMs?: number | undefined;
  /** Stable across restarts of one worker (WORKER_ID). */
  readonly workerId?: string | undefined;
  readonly log?: (LivePriceFeedLog & { error(details: Record<string, unknown>, message: string): void }) | undefined;
}

/**
 * The live conditional-order engine: for each watched network a price feed (Solana: Jupiter Price API v3; EVM: the 0x
 * quote of one token into USDC, see evmVenuePriceFeed) and the chain tools' swap executor over the same live chain
 * (executeSwap through 0x from the account's vault; executeSolanaSwap through Jupiter). Networks whose settings are
 * missing get neither, so their orders are never indexed or claimed here.
 */
export function liveOrderEngine(options: LiveOrderEngineOptions): OrderEngine {
  const { db, masterKey, evmNetworks, solana, networks, log } = options;
  const evmFeed = evmVenuePriceFeed(evmNetworks, log);
  const solanaFeed = solanaMarketPriceFeed(solana);
  const feeds: Partial<Record<OrderNetwork, PriceFeed>> = {};
  const executors: SwapExecutors = {};
  for (const network of networks.watched) {
    if (network === 'solana') {
      feeds.solana = solanaFeed;
      executors.solana = solanaSwapExecutor({ db, masterKey, solana });
    } else {
      feeds[network] = evmFeed;
      executors[network] = evmSwapExecutor({ db, masterKey, evmNetworks }, network);
    }
  }
  return new OrderEngine({
    db,
    executors,
    feed: livePriceFeed({
      feeds,
      ...(options.priceIntervalMs ? { intervalMs: options.priceIntervalMs } : {}),
      ...(log ? { log } : {}),
    }),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(log ? { log } : {}),
  });
}
