// The sandbox's conditional-order engine (the subpath @svc/worker/sandbox): it loads the tools' sandbox adapters, so
// only the sandbox path imports it.
import type { MasterKeyProvider } from '@svc/chains';
import type { Db, OrderNetwork } from '@svc/store';
import { evmSwapExecutor, OrderEngine, sandboxPriceFeed, solanaSwapExecutor, type SwapExecutors } from '@svc/tools';
import {
  type SandboxMarketControl,
  sandboxEvmNetworks,
  sandboxMarketControl,
  sandboxSolanaChain,
} from '@svc/tools/sandbox';
import type { SandboxChains } from '@svc/sandbox';

/**
 * The sandbox chains an order engine reaches: the EVM markets, and the Solana chain where it lives in this process
 * (the gateway; a standalone worker reaches only the gateway's anvils, by their RPC URLs).
 */
export type OrderEngineChains = Pick<SandboxChains, 'evm'> & { readonly solana?: SandboxChains['solana'] | undefined };

/** The sandbox market's price control (POST /api/sandbox/prices and the trigger engine's pool prices). */
export const sandboxMarketOf = (sandbox: OrderEngineChains): SandboxMarketControl =>
  sandboxMarketControl({ evm: (chainId) => sandbox.evm(chainId), solana: sandbox.solana });

/** The sandbox chains' swap executors: the EVM tools' exact-input swap on the four EVM order networks, the Solana tools' on Solana. */
export function sandboxSwapExecutors(db: Db, sandbox: OrderEngineChains, masterKey: MasterKeyProvider): SwapExecutors {
  const chains = { db, masterKey, evmNetworks: sandboxEvmNetworks(sandbox.evm) };
  return {
    ethereum: evmSwapExecutor(chains, 'ethereum'),
    bsc: evmSwapExecutor(chains, 'bsc'),
    polygon: evmSwapExecutor(chains, 'polygon'),
    base: evmSwapExecutor(chains, 'base'),
    ...(sandbox.solana
      ? { solana: solanaSwapExecutor({ db, masterKey, solana: sandboxSolanaChain(sandbox.solana) }) }
      : {}),
  };
}

/**
 * The sandbox's conditional-order engine: prices from the sandbox market (the price set with POST
 * /api/sandbox/prices, else the pools' spot price), swaps from the account vaults through the sandbox chains.
 * `workerId` (WORKER_ID) should be stable across restarts of one worker. `networks` limits the networks it executes
 * (default: every one the chains reach); orders on the others wait for a worker that reaches them. Live mode uses
 * liveOrderEngineOf (live-engine.ts).
 */
export function sandboxOrderEngine(options: {
  db: Db;
  sandbox: OrderEngineChains;
  masterKey: MasterKeyProvider;
  workerId?: string | undefined;
  networks?: readonly OrderNetwork[] | undefined;
}): OrderEngine {
  const market = sandboxMarketOf(options.sandbox);
  const executors = sandboxSwapExecutors(options.db, options.sandbox, options.masterKey);
  const { networks } = options;
  return new OrderEngine({
    db: options.db,
    executors: networks
      ? Object.fromEntries(networks.flatMap((network) => (executors[network] ? [[network, executors[network]]] : [])))
      : executors,
    feed: sandboxPriceFeed(options.db, market.priceUsd),
    ...(options.workerId ? { workerId: options.workerId } : {}),
  });
}
