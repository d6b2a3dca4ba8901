import type { MasterKeyProvider } from '@svc/chains';
import type { Db } from '@svc/store';
import { type EvmNetworks, liveEvmNetworks, liveSolanaChain, type ProviderEnv, type SolanaChain } from '@svc/providers';
import { liveOrderEngine, type LiveOrderNetworks, liveOrderNetworks, type OrderEngine } from '@svc/tools';

/** The settings a live order engine reads (the gateway's configuration has them). */
export interface LiveOrderSettings {
  /** RPC_URL_* and ZEROX_API_KEY. */
  readonly evmSettings: Readonly<Record<string, string | undefined>>;
  /** SOLANA_RPC_URL, JUPITER_API_KEY and the other providers' settings. */
  readonly providerSettings: ProviderEnv;
  /** ORDER_PRICE_INTERVAL_MS: each watched network's price poll interval. */
  readonly orderPriceIntervalMs: number;
}

/** Live mode: which networks' conditional orders are watched, from the EVM settings (RPC_URL_*, ZEROX_API_KEY) and the Solana ones (SOLANA_RPC_URL, JUPITER_API_KEY). */
export const liveOrderNetworksOf = (settings: LiveOrderSettings): LiveOrderNetworks =>
  liveOrderNetworks({ ...settings.evmSettings, ...settings.providerSettings });

/** The start-up log line of a live order engine: what it watches and what each other network needs. */
export function describeOrderNetworks(networks: LiveOrderNetworks): {
  details: Record<string, unknown>;
  message: string;
} {
  const missing = Object.entries(networks.missing).map(
    ([network, settings]) => `${network} (set ${settings.join(', ')})`,
  );
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
  settings: LiveOrderSettings;
  db: Db;
  masterKey: MasterKeyProvider;
  evmNetworks?: EvmNetworks | undefined;
  solana?: SolanaChain | undefined;
  workerId?: string | undefined;
  log?:
    | {
        warn(details: Record<string, unknown>, message: string): void;
        error(details: Record<string, unknown>, message: string): void;
      }
    | undefined;
}): { engine: OrderEngine; networks: LiveOrderNetworks } {
  const { settings } = options;
  const networks = liveOrderNetworksOf(settings);
  const engine = liveOrderEngine({
    db: options.db,
    masterKey: options.masterKey,
    evmNetworks: options.evmNetworks ?? liveEvmNetworks(settings.evmSettings),
    solana: options.solana ?? liveSolanaChain(settings.providerSettings),
    networks,
    priceIntervalMs: settings.orderPriceIntervalMs,
    workerId: options.workerId,
    log: options.log,
  });
  return { engine, networks };
}
