import { type MasterKeyProvider, sandboxHederaNetwork } from '@svc/chains';
import type { Db } from '@svc/store';
import { CredentialResolver, ephemeralSiwxNonces, HttpPriceOracle, PaymentProcessor, PaymentRequirementsBuilder, type PriceOracle, SandboxPriceOracle, SiwxNonces } from '@svc/payments';
import type { FacilitatorClient } from '@x402/core/server';
import { InvokeToolCaller, mcpPlugin } from '@svc/mcp';
import { a2aPlugin } from '@svc/a2a';
import { configureUpstream, liveBitcoinChain, Providers, sandboxBitcoinChain, upstreamHealth } from '@svc/providers';
import { liveEvmNetworks, liveHederaNetwork, liveSolanaChain, type OrderEngine, sandboxEvmNetworks, sandboxSolanaChain, sandboxVaultChains, ToolService } from '@svc/tools';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, LogController } from 'fastify';
import type { Config } from './config.js';
import { registerErrorHandling } from './errors.js';
import { registerJsonBodies } from './json-body.js';
import { ephemeralMasterKey } from './master-key.js';
import { newSigningKey, type OAuthSigningKey, oauthServer } from './oauth/index.js';
import { siwxAccountOf } from './account-of-request.js';
import { accessKeyRoutes } from './routes/access-keys.js';
import { creditRoutes } from './routes/credit.js';
import { policyRoutes } from './routes/policy.js';
import { discoveryRoutes } from './routes/discovery.js';
import { executeRoute } from './routes/execute.js';
import { sandboxRoutes } from './routes/sandbox.js';
import { sandboxPriceRoutes } from './routes/sandbox-prices.js';
import { describeOrderNetworks, liveOrderEngineOf, sandboxMarketOf, sandboxOrderEngine } from './conditional-orders.js';
import { webhookRoutes } from './routes/webhook.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { type ReconciliationSchedule, scheduleSettlementReconciliation } from './settlement-reconciliation.js';
import { smartWalletVerifier } from './smart-wallet-verifier.js';
import type { Sandbox } from './sandbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The conditional-order trigger engine (sandbox or live): main.ts runs it in the embedded worker. */
    orderEngine: OrderEngine | undefined;
  }
}

export interface AppDependencies {
  readonly db: Db;
  /** Defaults to the sandbox oracle in sandbox mode and the configured HTTP oracle in live mode. */
  readonly oracle?: PriceOracle;
  /** Verifies and settles payments: FACILITATOR_URL's client in live mode. Sandbox mode uses `sandbox`. */
  readonly facilitator?: FacilitatorClient;
  /** The remote facilitator's fee payers (its `/supported`), named in SOL_USDC requirements (live mode). */
  readonly feePayer?: { readonly solana?: string };
  /** Sandbox chains and their in-process facilitator (sandbox mode). */
  readonly sandbox?: Sandbox;
  /**
   * Signs OAuth access tokens: main.ts loads the persisted one (OAUTH_SIGNING_KEY or DATA_DIR). Without it the app
   * makes a key that lives as long as the process (tests).
   */
  readonly oauthSigningKey?: OAuthSigningKey;
  /**
   * Seals vault seeds: main.ts loads SVC_MASTER_KEY or the sandbox's DATA_DIR/master-key. Without it, the config's
   * key, or in sandbox mode one that lives as long as the process (tests).
   */
  readonly masterKey?: MasterKeyProvider;
  /** The conditional-order worker's id (WORKER_ID), stable across its restarts so it reconciles its own claims. */
  readonly workerId?: string | undefined;
  /** Where log lines go (default stdout): tests capture them to prove no secret is logged. */
  readonly logStream?: FastifyLoggerOptions['stream'];
  /** When interrupted settlements are reconciled (tests shorten it). */
  readonly settlementReconciliation?: ReconciliationSchedule;
}

/** Headers that carry payments, proofs or keys: never written to logs. */
const SECRET_HEADERS = ['payment-signature', 'sign-in-with-x', 'authorization', 'x-api-key', 'cookie'];

export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: SECRET_HEADERS.map((h) => `req.headers["${h}"]`), censor: '[redacted]' },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // Request lines only at debug/trace: at info they would cost more than an unpaid 402 itself.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    bodyLimit: 1_048_576,
    // A client that sends its headers and then drips its body is cut off (408) instead of holding the connection open;
    // the check runs every second so the bound holds within a second of it. Handlers may take as long as they need.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: Math.min(config.requestTimeoutMs, 10_000), connectionsCheckingInterval: 1_000 },
  });
  registerErrorHandling(app);
  registerJsonBodies(app);

  const oracle =
    deps.oracle ?? (config.mode === 'sandbox' ? new SandboxPriceOracle() : new HttpPriceOracle({ url: config.priceOracle.url, apiKey: config.priceOracle.apiKey }));
  // The facilitator's Solana fee payer goes into extra.feePayer of the SOL_USDC requirement.
  const payments = new PaymentRequirementsBuilder({ payTo: config.payTo, maxTimeoutSeconds: config.paymentTimeoutSeconds, feePayer: deps.sandbox?.feePayer ?? deps.feePayer }, oracle);
  const facilitator = deps.sandbox?.facilitator ?? deps.facilitator;
  const processor = facilitator ? new PaymentProcessor(facilitator, deps.db) : undefined;
  // Nonces tagged under a key every instance derives from the shared secret, so a challenge verifies on any instance.
  const nonces = config.siwxNonceKey ? new SiwxNonces(config.siwxNonceKey) : ephemeralSiwxNonces();
  const siwx = { publicBaseUrl: config.publicBaseUrl, evmVerifier: smartWalletVerifier(config, deps.sandbox), nonces };
  const masterKey = deps.masterKey ?? config.masterKey ?? ephemeralMasterKey(config);
  configureUpstream(config.upstreamLimits);
  const providers = new Providers(config.mode, config.providerSettings);
  // Vaults read balances and mint on the sandbox Base chain; live mode wires no vault chain in this release.
  const vaultChains = deps.sandbox && config.mode === 'sandbox' ? sandboxVaultChains(deps.sandbox.base) : undefined;
  // EVM tools: the five sandbox anvils (started on first use), or the live RPCs and aggregators (503 naming a missing setting).
  const evmNetworks = deps.sandbox && config.mode === 'sandbox' ? sandboxEvmNetworks(deps.sandbox.evm) : liveEvmNetworks(config.evmSettings);
  // Solana tools: the sandbox chain and its swap venue, or SOLANA_RPC_URL and Jupiter (each 503 until configured).
  const solana = deps.sandbox && config.mode === 'sandbox' ? sandboxSolanaChain(deps.sandbox.solana) : liveSolanaChain(config.providerSettings);
  // Hedera: the sandbox ledger, started on the first Hedera call; live: mirror node, SaucerSwap and the SDK's Client.
  const sandbox = config.mode === 'sandbox' ? deps.sandbox : undefined;
  const hedera = sandbox ? async () => sandboxHederaNetwork(await sandbox.hedera()) : config.mode === 'live' ? liveHederaNetwork(config.hedera) : undefined;
  // Bitcoin tools reach their chain through one Esplora client (and one ord client for runes): the sandbox ledger's
  // facade, or BITCOIN_ESPLORA_URL and BITCOIN_ORD_URL (and COUNTERPARTY_API_URL for the Counterparty tools).
  const sandboxBitcoin = config.mode === 'sandbox' ? deps.sandbox?.bitcoin : undefined;
  const bitcoin = sandboxBitcoin ? sandboxBitcoinChain(() => sandboxBitcoin.esploraUrl()) : liveBitcoinChain({ esploraUrl: config.bitcoinEsploraUrl, ordUrl: config.bitcoinOrdUrl, counterpartyUrl: config.counterpartyApiUrl });
  // Conditional orders: the trigger engine that the embedded worker runs (app.orderEngine) and executeEarly uses. Live:
  // only the networks whose settings are present are watched; a create on another answers 503 naming them (orderNetworks).
  const live = config.mode === 'live' ? liveOrderEngineOf({ config, db: deps.db, masterKey, evmNetworks, solana, workerId: deps.workerId, log: app.log }) : undefined;
  if (live) {
    const { details, message } = describeOrderNetworks(live.networks);
    app.log.info(details, message);
  }
  const orderEngine = live?.engine ?? (deps.sandbox && config.mode === 'sandbox' ? sandboxOrderEngine({ db: deps.db, sandbox: deps.sandbox, masterKey, workerId: deps.workerId }) : undefined);
  app.decorate('orderEngine', orderEngine);
  const orderNetworks = live?.networks;
  const tools = new ToolService({ mode: config.mode, db: deps.db, payments, processor, priceOverrides: config.priceOverrides, siwx, masterKey, providers, vaultChains, evmNetworks, solana, hedera, bitcoin, orderEngine, orderNetworks });

  executeRoute(app, tools, config.publicBaseUrl);
  const oauth = oauthServer({
    db: deps.db,
    publicBaseUrl: config.publicBaseUrl,
    signingKey: deps.oauthSigningKey ?? (await newSigningKey()),
    accessKeyEnvironment: config.accessKeyEnvironment,
    evmVerifier: siwx.evmVerifier,
    nonces,
  });
  await app.register(oauth.routes);
  const credentials = new CredentialResolver({ db: deps.db, environment: config.accessKeyEnvironment, bearer: oauth.bearer });
  await app.register(mcpPlugin, { publicBaseUrl: config.publicBaseUrl, credentials, caller: new InvokeToolCaller(tools) });
  await app.register(a2aPlugin, { publicBaseUrl: config.publicBaseUrl, credentials, tools, db: deps.db });
  creditRoutes(app, { db: deps.db, credentials, tools, publicBaseUrl: config.publicBaseUrl });
  const accountOf = siwxAccountOf({ db: deps.db, ...siwx, payments });
  accessKeyRoutes(app, { db: deps.db, environment: config.accessKeyEnvironment, accountOf });
  policyRoutes(app, { db: deps.db, accountOf });
  webhookRoutes(app, { db: deps.db, mode: config.mode, accountOf });
  scheduleHousekeeping(app, deps.db);
  scheduleSettlementReconciliation(app, { db: deps.db, config, sandbox: deps.sandbox, schedule: deps.settlementReconciliation });
  if (deps.sandbox && config.mode === 'sandbox') {
    sandboxRoutes(app, deps.sandbox);
    sandboxPriceRoutes(app, { db: deps.db, market: sandboxMarketOf(deps.sandbox) });
  }
  discoveryRoutes(app, { publicBaseUrl: config.publicBaseUrl, priceOverrides: config.priceOverrides, oracle, mode: config.mode });

  app.get('/health', async (_request, reply) => {
    const started = performance.now();
    const database = await deps.db
      .query('SELECT 1')
      .then(() => ({ kind: deps.db.kind, ok: true, latencyMs: Math.round(performance.now() - started) }))
      .catch(() => ({ kind: deps.db.kind, ok: false }));
    return reply.code(database.ok ? 200 : 503).header('cache-control', 'no-store').send({ status: database.ok ? 'ok' : 'degraded', mode: config.mode, database, upstreams: upstreamHealth() });
  });

  return app;
}
