import type { MasterKeyProvider } from '@svc/chains';
import type { Db } from '@svc/store';
import { evmSwapExecutor, OrderEngine, type SandboxMarketControl, sandboxEvmNetworks, sandboxMarketControl, sandboxPriceFeed, sandboxSolanaChain, solanaSwapExecutor, type SwapExecutors } from '@svc/tools';
import type { Sandbox } from './sandbox.js';

/** The sandbox market's price control (POST /api/sandbox/prices and the trigger engine's pool prices). */
export const sandboxMarketOf = (sandbox: Sandbox): SandboxMarketControl => sandboxMarketControl({ evm: (chainId) => sandbox.evm(chainId), solana: sandbox.solana });

/** The sandbox chains' swap executors: the EVM tools' exact-input swap on the four EVM order networks, the Solana tools' on Solana. */
export function sandboxSwapExecutors(db: Db, sandbox: Sandbox, masterKey: MasterKeyProvider): SwapExecutors {
  const chains = { db, masterKey, evmNetworks: sandboxEvmNetworks(sandbox.evm) };
  return {
    ethereum: evmSwapExecutor(chains, 'ethereum'),
    bsc: evmSwapExecutor(chains, 'bsc'),
    polygon: evmSwapExecutor(chains, 'polygon'),
    base: evmSwapExecutor(chains, 'base'),
    solana: solanaSwapExecutor({ db, masterKey, solana: sandboxSolanaChain(sandbox.solana) }),
  };
}

/**
 * The sandbox's conditional-order engine: prices from the sandbox market (the price set with POST
 * /api/sandbox/prices, else the pools' spot price), swaps from the account vaults through the sandbox chains.
 * `workerId` (WORKER_ID) should be stable across restarts of one worker. Live mode wires no engine in this release.
 */
export function sandboxOrderEngine(options: { db: Db; sandbox: Sandbox; masterKey: MasterKeyProvider; workerId?: string | undefined }): OrderEngine {
  const market = sandboxMarketOf(options.sandbox);
  return new OrderEngine({
    db: options.db,
    executors: sandboxSwapExecutors(options.db, options.sandbox, options.masterKey),
    feed: sandboxPriceFeed(options.db, market.priceUsd),
    ...(options.workerId ? { workerId: options.workerId } : {}),
  });
}
