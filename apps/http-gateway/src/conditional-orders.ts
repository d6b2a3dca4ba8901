import type { MasterKeyProvider } from '@svc/chains';
import type { Db, OrderNetwork } from '@svc/store';
import {
  type EvmNetworks,
  evmSwapExecutor,
  liveEvmNetworks,
  liveOrderEngine,
  type LiveOrderNetworks,
  liveOrderNetworks,
  liveSolanaChain,
  OrderEngine,
  type SandboxMarketControl,
  sandboxEvmNetworks,
  sandboxMarketControl,
  sandboxPriceFeed,
  sandboxSolanaChain,
  type SolanaChain,
  solanaSwapExecutor,
  type SwapExecutors,
} from '@svc/tools';
import type { Config } from './config.js';
import type { Sandbox } from './sandbox.js';

/**
 * The sandbox chains an order engine reaches: the EVM markets, and the Solana chain where it lives in this process
 * (the gateway; a standalone worker reaches only the gateway's anvils, by their RPC URLs).
 */
export type SandboxChains = Pick<Sandbox, 'evm'> & { readonly solana?: Sandbox['solana'] | undefined };

/** The sandbox market's price control (POST /api/sandbox/prices and the trigger engine's pool prices). */
export const sandboxMarketOf = (sandbox: SandboxChains): SandboxMarketControl => sandboxMarketControl({ evm: (chainId) => sandbox.evm(chainId), solana: sandbox.solana });

/** The sandbox chains' swap executors: the EVM tools' exact-input swap on the four EVM order networks, the Solana tools' on Solana. */
export function sandboxSwapExecutors(db: Db, sandbox: SandboxChains, masterKey: MasterKeyProvider): SwapExecutors {
  const chains = { db, masterKey, evmNetworks: sandboxEvmNetworks(sandbox.evm) };
  return {
    ethereum: evmSwapExecutor(chains, 'ethereum'),
    bsc: evmSwapExecutor(chains, 'bsc'),
    polygon: evmSwapExecutor(chains, 'polygon'),
    base: evmSwapExecutor(chains, 'base'),
    ...(sandbox.solana ? { solana: solanaSwapExecutor({ db, masterKey, solana: sandboxSolanaChain(sandbox.solana) }) } : {}),
  };
}

/**
 * The sandbox's conditional-order engine: prices from the sandbox market (the price set with POST
 * /api/sandbox/prices, else the pools' spot price), swaps from the account vaults through the sandbox chains.
 * `workerId` (WORKER_ID) should be stable across restarts of one worker. `networks` limits the networks it executes
 * (default: every one the chains reach); orders on the others wait for a worker that reaches them. Live mode uses
 * liveOrderEngineOf.
 */
export function sandboxOrderEngine(options: { db: Db; sandbox: SandboxChains; masterKey: MasterKeyProvider; workerId?: string | undefined; networks?: readonly OrderNetwork[] | undefined }): OrderEngine {
  const market = sandboxMarketOf(options.sandbox);
  const executors = sandboxSwapExecutors(options.db, options.sandbox, options.masterKey);
  const { networks } = options;
  return new OrderEngine({
    db: options.db,
    executors: networks ? Object.fromEntries(networks.flatMap((network) => (executors[network] ? [[network, executors[network]]] : []))) : executors,
    feed: sandboxPriceFeed(options.db, market.priceUsd),
    ...(options.workerId ? { workerId: options.workerId } : {}),
  });
}

/** Live mode: which networks' conditional orders are watched, from the EVM settings (RPC_URL_*, ZEROX_API_KEY) and the Solana ones (SOLANA_RPC_URL, JUPITER_API_KEY). */
export const liveOrderNetworksOf = (config: Config): LiveOrderNetworks => liveOrderNetworks({ ...config.evmSettings, ...config.providerSettings });

/** The start-up log line of a live order engine: what it watches and what each other network needs. */
export function describeOrderNetworks(networks: LiveOrderNetworks): { details: Record<string, unknown>; message: string } {
  const missing = Object.entries(networks.missing).map(([network, settings]) => `${network} (set ${settings.join(', ')})`);
  const watched = networks.watched.length > 0 ? networks.watched.join(', ') : 'no network';
  return {
    details: { watched: networks.watched, missingSettings: networks.missing },
    message: `conditional orders (live): watching ${watched}${missing.length > 0 ? `; not watched: ${missing.join('; ')}` : ''}`,
  };
}

/**
 * The live conditional-order engine of this deployment: Jupiter and 0x prices polled every ORDER_PRICE_INTERVAL_MS
 * and the vault swaps through the live chains, on the networks liveOrderNetworksOf finds configured. `evmNetworks`
 * and `solana` default to new live clients (the standalone worker); the gateway passes the tools' own.
 */
export function liveOrderEngineOf(options: {
  config: Config;
  db: Db;
  masterKey: MasterKeyProvider;
  evmNetworks?: EvmNetworks | undefined;
  solana?: SolanaChain | undefined;
  workerId?: string | undefined;
  log?: { warn(details: Record<string, unknown>, message: string): void; error(details: Record<string, unknown>, message: string): void } | undefined;
}): { engine: OrderEngine; networks: LiveOrderNetworks } {
  const { config } = options;
  const networks = liveOrderNetworksOf(config);
  const engine = liveOrderEngine({
    db: options.db,
    masterKey: options.masterKey,
    evmNetworks: options.evmNetworks ?? liveEvmNetworks(config.evmSettings),
    solana: options.solana ?? liveSolanaChain(config.providerSettings),
    networks,
    priceIntervalMs: config.orderPriceIntervalMs,
    workerId: options.workerId,
    log: options.log,
  });
  return { engine, networks };
}
