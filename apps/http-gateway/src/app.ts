import { type MasterKeyProvider, sealClearWebhookSecrets } from '@svc/chains';
import type { Db } from '@svc/store';
import {
  CredentialResolver,
  ephemeralSiwxNonces,
  PaymentKinds,
  PaymentProcessor,
  PaymentRequirementsBuilder,
  type PriceOracle,
  type SettlementBroadcasts,
  SiwxNonces,
} from '@svc/payments';
import type { FacilitatorClient } from '@x402/core/server';
import { InvokeToolCaller, mcpPlugin } from '@svc/mcp';
import { a2aPlugin } from '@svc/a2a';
import { configureUpstream, upstreamHealth } from '@svc/providers';
import { type HandlerTable, type OrderEngine, ToolService } from '@svc/tools';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, LogController } from 'fastify';
import type { Config } from '@svc/config';
import { registerCors } from './cors.js';
import { registerErrorHandling } from './errors.js';
import { registerJsonBodies } from './json-body.js';
import { ephemeralMasterKey } from './master-key.js';
import { newSigningKey, type OAuthSigningKey, oauthServer } from './oauth/index.js';
import { siwxAccountOf } from './account-of-request.js';
import { credentialOrSignInAccountOf } from './account-of-credential.js';
import { accessKeyRoutes } from './routes/access-keys.js';
import { accountAppRoutes } from './routes/account-app.js';
import { accountCallsRoutes } from './routes/account-calls.js';
import { creditRoutes } from './routes/credit.js';
import { policyRoutes } from './routes/policy.js';
import { accountVaultRoutes } from './routes/account-vault.js';
import { discoveryRoutes } from './routes/discovery.js';
import { registerDocsReference } from './docs-reference.js';
import { executeRoute } from './routes/execute.js';
import { webhookRoutes } from './routes/webhook.js';
import { userTokenRoutes } from './routes/user-tokens.js';
import { scheduleHousekeeping } from './housekeeping.js';
import { type ReconciliationSchedule, scheduleSettlementReconciliation } from './settlement-reconciliation.js';
import { modeResources } from './resources.js';
import { accountRateLimited, registerRateLimits } from './rate-limits.js';
import type { Sandbox } from './sandbox.js';
import { callObserver } from './metrics/call-log.js';
import { gatewayMetrics } from './metrics/gateway-metrics.js';
import { meteredFacilitator, verificationMetrics } from './metrics/metered-facilitator.js';
import { registerMetrics } from './metrics/plugin.js';
import { readyRoute } from './routes/ready.js';
import { batchSettlementOf } from './batch-settlement.js';
import { paymentChannelRoutes } from './routes/payment-channels.js';

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
  /**
   * Verifies and settles payments in live mode: FACILITATOR_URL's client, or the in-process one of
   * SETTLER_PRIVATE_KEYS (selfHostedSettlement). Sandbox mode uses `sandbox`.
   */
  readonly facilitator?: FacilitatorClient;
  /** The settlement transactions the live in-process facilitator broadcasts (SETTLER_PRIVATE_KEYS). */
  readonly settlementBroadcasts?: SettlementBroadcasts | undefined;
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
  /** The tool handlers: default every family's; tests leave one out to exercise the 501 (not_implemented) path. */
  readonly handlers?: HandlerTable;
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
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    // A client that sends its headers and then drips its body is cut off (408) instead of holding the connection open;
    // the check runs every second so the bound holds within a second of it. Handlers may take as long as they need.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: Math.min(config.requestTimeoutMs, 10_000), connectionsCheckingInterval: 1_000 },
  });
  await registerCors(app, config.corsOrigins);
  registerErrorHandling(app);
  registerJsonBodies(app);
  const rateLimits = await registerRateLimits(app, config);

  const masterKey = deps.masterKey ?? config.masterKey ?? ephemeralMasterKey(config);
  // Webhook secrets stored before they were sealed (migration 23): SQL cannot seal them, so start-up does.
  const sealedWebhookSecrets = await sealClearWebhookSecrets(deps.db, masterKey);
  if (sealedWebhookSecrets > 0) app.log.info({ sealedWebhookSecrets }, 'sealed webhook secrets stored in clear');
  configureUpstream(config.upstreamLimits);
  const resources = await modeResources(config, { ...deps, masterKey, log: app.log });
  const { oracle, orderEngine } = resources;
  app.decorate('orderEngine', orderEngine);
  const batchSettlement = resources.facilitator
    ? await batchSettlementOf(app, {
        config,
        db: deps.db,
        facilitator: resources.facilitator,
        chainRpcUrl: resources.sandbox?.base.rpcUrl ?? config.baseRpcUrl,
      })
    : undefined;
  // The facilitator's Solana fee payer goes into extra.feePayer of the SOL_USDC requirement.
  const payments = new PaymentRequirementsBuilder(
    {
      payTo: config.payTo,
      maxTimeoutSeconds: config.paymentTimeoutSeconds,
      feePayer: resources.feePayer,
      batchSettlement: batchSettlement?.offer,
    },
    oracle,
  );
  const metrics = gatewayMetrics();
  registerMetrics(app, { db: deps.db, metrics, token: config.metricsToken });
  const processor = resources.facilitator
    ? new PaymentKinds(
        new PaymentProcessor(meteredFacilitator(resources.facilitator, metrics), deps.db, verificationMetrics(metrics)),
        batchSettlement?.payments,
      )
    : undefined;
  // Nonces tagged under a key every instance derives from the shared secret, so a challenge verifies on any instance.
  const nonces = config.siwxNonceKey ? new SiwxNonces(config.siwxNonceKey) : ephemeralSiwxNonces();
  const siwx = { publicBaseUrl: config.publicBaseUrl, evmVerifier: resources.evmVerifier, nonces };
  const tools = new ToolService({
    mode: config.mode,
    db: deps.db,
    payments,
    processor,
    priceOverrides: config.priceOverrides,
    siwx,
    observer: callObserver(metrics, app.log),
    ...resources.handlers,
    ...(deps.handlers ? { handlers: deps.handlers } : {}),
  });

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
  const credentials = new CredentialResolver({
    db: deps.db,
    environment: config.accessKeyEnvironment,
    bearer: oauth.bearer,
  });
  const limitedCredentials = accountRateLimited(credentials, rateLimits);
  await app.register(mcpPlugin, {
    publicBaseUrl: config.publicBaseUrl,
    credentials: limitedCredentials,
    caller: new InvokeToolCaller(tools),
  });
  await app.register(a2aPlugin, {
    publicBaseUrl: config.publicBaseUrl,
    credentials: limitedCredentials,
    tools,
    db: deps.db,
  });
  creditRoutes(app, { db: deps.db, credentials, tools, publicBaseUrl: config.publicBaseUrl });
  const accountOf = siwxAccountOf({ db: deps.db, ...siwx, payments });
  accessKeyRoutes(app, { db: deps.db, environment: config.accessKeyEnvironment, accountOf });
  userTokenRoutes(app, { db: deps.db, accountOf, issue: oauth.issueUserToken });
  policyRoutes(app, { db: deps.db, accountOf });
  webhookRoutes(app, {
    db: deps.db,
    mode: config.mode,
    masterKey,
    accountOf: credentialOrSignInAccountOf(credentials, accountOf),
  });
  accountCallsRoutes(app, { db: deps.db, mode: config.mode, accountOf });
  paymentChannelRoutes(app, { db: deps.db, accountOf, claims: batchSettlement?.claims });
  accountVaultRoutes(app, { db: deps.db, mode: config.mode, resources: resources.handlers, accountOf, rateLimits });
  accountAppRoutes(app);
  scheduleHousekeeping(app, deps.db);
  scheduleSettlementReconciliation(app, {
    db: deps.db,
    config,
    sandbox: resources.sandbox,
    broadcasts: resources.sandbox?.settlementBroadcasts ?? deps.settlementBroadcasts,
    schedule: deps.settlementReconciliation,
  });
  await resources.registerRoutes(app);
  discoveryRoutes(app, {
    publicBaseUrl: config.publicBaseUrl,
    priceOverrides: config.priceOverrides,
    oracle,
    modeOpenApiPaths: resources.openApiPaths,
  });
  await registerDocsReference(app, { mode: config.mode });

  const { sandbox } = resources;
  readyRoute(app, {
    db: deps.db,
    facilitator: resources.facilitator,
    rpcs: sandbox
      ? {
          base: { url: sandbox.base.rpcUrl, method: 'eth_chainId' },
          solana: { url: sandbox.solana.rpcUrl, method: 'getHealth' },
        }
      : {},
  });
  app.get('/health', async (_request, reply) => {
    const started = performance.now();
    const database = await deps.db
      .query('SELECT 1')
      .then(() => ({ kind: deps.db.kind, ok: true, latencyMs: Math.round(performance.now() - started) }))
      .catch(() => ({ kind: deps.db.kind, ok: false }));
    return reply
      .code(database.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: database.ok ? 'ok' : 'degraded', mode: config.mode, database, upstreams: upstreamHealth() });
  });

  return app;
}
