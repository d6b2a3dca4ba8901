import type { Db } from '@svc/store';
import { OrderEngine, type SandboxMarketControl, sandboxMarketControl, sandboxPriceFeed, type SwapExecutors } from '@svc/tools';
import type { Sandbox } from './sandbox.js';

/** The sandbox market's price control (POST /api/sandbox/prices and the trigger engine's pool prices). */
export const sandboxMarketOf = (sandbox: Sandbox): SandboxMarketControl => sandboxMarketControl({ evm: (chainId) => sandbox.evm(chainId), solana: sandbox.solana });

/**
 * The sandbox's conditional-order engine: prices from the sandbox market (the price set with POST
 * /api/sandbox/prices, else the pools' spot price), swaps through the sandbox chains' executors. Live mode wires no
 * engine in this release (orders are stored and wait; see README).
 */
export function sandboxOrderEngine(db: Db, sandbox: Sandbox, executors: SwapExecutors, workerId?: string): OrderEngine {
  const market = sandboxMarketOf(sandbox);
  return new OrderEngine({ db, executors, feed: sandboxPriceFeed(db, market.priceUsd), ...(workerId ? { workerId } : {}) });
}
