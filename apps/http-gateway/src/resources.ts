// Every resource that differs between sandbox and live mode is chosen here, from the configuration, so app.ts only
// wires routes. A new chain or provider family adds its sandbox and live construction to this module.
//
// Live mode must never load the sandbox emulators (@svc/sandbox) or the sandbox adapters (@svc/tools/sandbox,
// @svc/worker/sandbox):
// the sandbox path reaches them through dynamic imports only, and every other import of them here is type-only.
import type { MasterKeyProvider } from '@svc/chains';
import { type EVMMessageVerifier, HttpPriceOracle, type PriceOracle, SandboxPriceOracle } from '@svc/payments';
import {
  liveBitcoinChain,
  liveEvmNetworks,
  liveHederaNetwork,
  liveSolanaChain,
  Providers,
  recordRead,
  sandboxBitcoinChain,
  UpstreamPayer,
} from '@svc/providers';
import { type Db, upstreamSpendLedger } from '@svc/store';
import {
  type HandlerResources,
  liveMemejobVenue,
  livePredictMarkets,
  liveSolanaLaunchpads,
  liveVaultChains,
  type OrderEngine,
} from '@svc/tools';
import type { FacilitatorClient } from '@x402/core/server';
import { describeOrderNetworks, liveOrderEngineOf } from '@svc/worker';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Config, vaultCollectionSetting } from '@svc/config';
import type { PathItem } from './openapi-service-routes.js';
import type { Sandbox } from './sandbox.js';
import { smartWalletVerifier } from './smart-wallet-verifier.js';

/** What the mode-dependent resources are built from: the app's dependencies (tests replace some) and its logger. */
export interface ResourceDependencies {
  readonly db: Db;
  readonly masterKey: MasterKeyProvider;
  /** Replaces the mode's price oracle (tests move prices). */
  readonly oracle?: PriceOracle | undefined;
  /** The remote facilitator (FACILITATOR_URL) and its fee payers (its `/supported`): live mode. */
  readonly facilitator?: FacilitatorClient | undefined;
  readonly feePayer?: { readonly solana?: string | undefined } | undefined;
  /** The sandbox chains and their in-process facilitator: sandbox mode. Without them the chain tools answer 503. */
  readonly sandbox?: Sandbox | undefined;
  /** The conditional-order worker's id (WORKER_ID). */
  readonly workerId?: string | undefined;
  readonly log: FastifyBaseLogger;
}

/** The resources of one mode: what the tools lend their handlers, and what the payment routes and sign-in use. */
export interface ModeResources {
  /** Custody, providers and the chains every tool family reaches. */
  readonly handlers: HandlerResources;
  /** Prices payment tokens in USD for the 402s. */
  readonly oracle: PriceOracle;
  /** Verifies and settles payments; none: paid calls answer 503 naming FACILITATOR_URL. */
  readonly facilitator: FacilitatorClient | undefined;
  /** The facilitator's fee payers, named in SOL_USDC requirements (`extra.feePayer`). */
  readonly feePayer: { readonly solana?: string | undefined } | undefined;
  /** Verifies smart-wallet sign-in proofs on Base; none: EOA proofs only. */
  readonly evmVerifier: EVMMessageVerifier | undefined;
  /** The sandbox chains, which settlement reconciliation reads in sandbox mode. */
  readonly sandbox: Sandbox | undefined;
  /** The conditional-order trigger engine (sandbox or live) that the embedded worker runs. */
  readonly orderEngine: OrderEngine | undefined;
  /** Registers the routes only this mode has (the sandbox faucet, reset and price control). */
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** The OpenAPI description of those routes. */
  readonly openApiPaths: Readonly<Record<string, PathItem>>;
}

/** BITCOIN_ESPLORA_URL, BITCOIN_ORD_URL and COUNTERPARTY_API_URL (each tool answers 503 naming the one it lacks). */
const liveBitcoinChainOf = (config: Config) =>
  liveBitcoinChain({
    esploraUrl: config.bitcoinEsploraUrl,
    ordUrl: config.bitcoinOrdUrl,
    counterpartyUrl: config.counterpartyApiUrl,
  });

/**
 * The providers, with the upstream payer when UPSTREAM_X402_* are set: it pays Birdeye, Nansen and CoinGecko per call
 * in place of a missing key, reserving each payment against the daily budget in this database.
 */
const providersOf = (config: Config, deps: ResourceDependencies) =>
  new Providers(
    config.mode,
    config.providerSettings,
    config.upstreamPayer && new UpstreamPayer(config.upstreamPayer, upstreamSpendLedger(deps.db)),
  );

/** The resources of the configured mode. */
export function modeResources(config: Config, deps: ResourceDependencies): Promise<ModeResources> {
  if (config.mode === 'live') return Promise.resolve(liveResources(config, deps));
  return deps.sandbox
    ? sandboxResources(config, deps, deps.sandbox)
    : Promise.resolve(chainlessSandboxResources(config, deps));
}

/**
 * Live mode: the configured HTTP oracle and remote facilitator, live providers, and the live chains whose settings
 * are present (each other one answers 503 naming its setting). Only the order networks whose settings are present
 * are watched; a create on another answers 503 naming them.
 */
export function liveResources(config: Config, deps: ResourceDependencies): ModeResources {
  const evmNetworks = liveEvmNetworks(config.evmSettings);
  const solana = liveSolanaChain(config.providerSettings);
  const live = liveOrderEngineOf({
    settings: config,
    db: deps.db,
    masterKey: deps.masterKey,
    evmNetworks,
    solana,
    workerId: deps.workerId,
    log: deps.log,
  });
  const { details, message } = describeOrderNetworks(live.networks);
  deps.log.info(details, message);
  const vaultMintChains = Object.keys(config.vaultCollections.collections);
  deps.log.info(
    { vaultMintChains },
    vaultMintChains.length > 0
      ? `vaults are minted on ${vaultMintChains.join(', ')}`
      : 'vaults are minted nowhere: no VAULT_COLLECTION_<CHAIN> is set (npm run deploy-vault-collection)',
  );
  const providers = providersOf(config, deps);
  return {
    handlers: {
      masterKey: deps.masterKey,
      providers,
      // VAULT_COLLECTION_<CHAIN>: a chain without one refuses mints naming it.
      vaultChains: liveVaultChains(
        {
          collections: config.vaultCollections.collections,
          minterPrivateKey: config.vaultCollections.minterPrivateKey,
          settingOf: vaultCollectionSetting,
        },
        evmNetworks,
      ),
      evmNetworks,
      solana,
      // SVC_LAUNCHPAD_*: the service launchpad on Meteora DBC (503 naming each missing setting).
      solanaLaunchpads: liveSolanaLaunchpads(solana, {
        pumpFun: () => providers.pumpFun,
        pinata: () => providers.pinata,
        svcLaunchpad: config.svcLaunchpad,
      }),
      hedera: liveHederaNetwork(config.hedera),
      // HEDERA_NETWORK (and MEMEJOB_CONTRACT_ID): memejob, read through the mirror node.
      launchpadVenues: { memejob: liveMemejobVenue(config.hedera) },
      bitcoin: liveBitcoinChainOf(config),
      orderEngine: live.engine,
      orderNetworks: live.networks,
      // Polymarket is public: live mode always has it (POLYMARKET_*_API_URL only move its hosts).
      predictMarkets: providers.polymarket && livePredictMarkets(providers.polymarket),
    },
    oracle: deps.oracle ?? new HttpPriceOracle({ url: config.priceOracle.url, apiKey: config.priceOracle.apiKey }),
    facilitator: deps.facilitator,
    feePayer: deps.feePayer,
    evmVerifier: smartWalletVerifier(config, undefined),
    sandbox: undefined,
    orderEngine: live.engine,
    registerRoutes: async () => undefined,
    openApiPaths: {},
  };
}

/**
 * Sandbox mode: the sandbox oracle and providers, the in-process facilitator, every chain an emulator (Hedera's
 * started on the first Hedera call), the sandbox order engine, and the sandbox faucet and price routes.
 */
export async function sandboxResources(
  config: Config,
  deps: ResourceDependencies,
  sandbox: Sandbox,
): Promise<ModeResources> {
  const [
    { sandboxHederaNetwork },
    adapters,
    { sandboxMarketOf, sandboxOrderEngine },
    { sandboxRoutes, SANDBOX_OPENAPI_PATHS },
    { sandboxPriceRoutes, SANDBOX_PRICES_OPENAPI_PATHS },
  ] = await Promise.all([
    import('@svc/sandbox'),
    import('@svc/tools/sandbox'),
    import('@svc/worker/sandbox'),
    import('./routes/sandbox.js'),
    import('./routes/sandbox-prices.js'),
  ]);
  const orderEngine = sandboxOrderEngine({ db: deps.db, sandbox, masterKey: deps.masterKey, workerId: deps.workerId });
  return {
    handlers: {
      masterKey: deps.masterKey,
      providers: providersOf(config, deps),
      vaultChains: adapters.sandboxVaultChains(sandbox.base),
      evmNetworks: adapters.sandboxEvmNetworks(sandbox.evm),
      solana: adapters.sandboxSolanaChain(sandbox.solana),
      hedera: async () => sandboxHederaNetwork(await sandbox.hedera(), recordRead),
      bitcoin: sandboxBitcoinChain(() => sandbox.bitcoin.esploraUrl()),
      localWeb: adapters.sandboxLocalWeb(sandbox.web),
      solanaMints: adapters.sandboxSolanaMints(sandbox.solana),
      marketActivity: adapters.sandboxMarketActivity(sandbox.market.index),
      orderEngine,
      orderNetworks: undefined,
      bitcoinIndex: adapters.sandboxBitcoinIndex(sandbox.bitcoin),
      stampsIndex: adapters.sandboxStampsIndex(sandbox.bitcoin),
      perpExchange: adapters.sandboxPerpExchange(sandbox.perps),
      predictMarkets: adapters.sandboxPredictMarkets(sandbox.evm),
      crossChain: adapters.sandboxCrossChain(sandbox.crossChain),
      launchpadVenues: adapters.sandboxLaunchpadVenues(sandbox.evm, () => sandbox.hedera()),
      nftMarketplace: adapters.sandboxNftMarketplace(sandbox.evm),
      solanaLaunchpads: adapters.sandboxSolanaLaunchpads(sandbox.solana),
    },
    oracle: deps.oracle ?? new SandboxPriceOracle(),
    facilitator: sandbox.facilitator,
    feePayer: sandbox.feePayer,
    evmVerifier: smartWalletVerifier(config, sandbox),
    sandbox,
    orderEngine,
    registerRoutes: async (app) => {
      sandboxRoutes(app, sandbox);
      sandboxPriceRoutes(app, { db: deps.db, market: sandboxMarketOf(sandbox) });
    },
    openApiPaths: { ...SANDBOX_OPENAPI_PATHS, ...SANDBOX_PRICES_OPENAPI_PATHS },
  };
}

/**
 * Sandbox mode without chains (tests of the HTTP surface alone): the sandbox oracle and providers, no facilitator,
 * and the chain tools answering 503 naming the live settings, which sandbox mode never has.
 */
function chainlessSandboxResources(config: Config, deps: ResourceDependencies): ModeResources {
  const solana = liveSolanaChain(config.providerSettings);
  return {
    handlers: {
      masterKey: deps.masterKey,
      providers: providersOf(config, deps),
      evmNetworks: liveEvmNetworks(config.evmSettings),
      solana,
      solanaLaunchpads: liveSolanaLaunchpads(solana),
      bitcoin: liveBitcoinChainOf(config),
    },
    oracle: deps.oracle ?? new SandboxPriceOracle(),
    facilitator: deps.facilitator,
    feePayer: deps.feePayer,
    evmVerifier: smartWalletVerifier(config, undefined),
    sandbox: undefined,
    orderEngine: undefined,
    registerRoutes: async () => undefined,
    openApiPaths: {},
  };
}
