import { EVM_CHAINS, InvalidMasterKey, LocalMasterKeyRing, parseMasterKey } from '@svc/chains';
import { isPriceFamily, POSDEC, type PriceOverrides, findTool } from '@svc/contracts';
import { siwxNonceKeyFrom } from '@svc/payments';
import { concurrencySetting, type ProviderEnv, rpsSetting, UPSTREAM_PROVIDERS, type UpstreamLimitOverride, type UpstreamProviderKey, upstreamOverridesFrom } from '@svc/providers';
import { LIVE_PRICE_INTERVAL_MS, type LiveHederaSettings } from '@svc/tools';
import type { AccessKeyEnvironment } from '@svc/store';
import { z } from 'zod';

/**
 * Caps on our calls to each third-party provider: UPSTREAM_<PROVIDER>_RPS (requests per second, fractions allowed) and
 * UPSTREAM_<PROVIDER>_CONCURRENCY. Unset, each provider's published limit applies (see @svc/providers upstream/limits.ts).
 */
export const upstreamLimitsSchema = z.object(
  Object.fromEntries(
    Object.values(UPSTREAM_PROVIDERS).flatMap((provider) => [
      [rpsSetting(provider), z.coerce.number().positive().optional().describe(`Requests per second to ${provider.name} (default ${Number(provider.rps.toFixed(3))}).`)],
      [concurrencySetting(provider), z.coerce.number().int().positive().optional().describe(`Requests in flight at once to ${provider.name} (default ${provider.concurrency}).`)],
    ]),
  ),
);

/**
 * Every setting the service reads, with its default. README.md's configuration table mirrors this list.
 * Sandbox mode (the default) needs none of them; live mode refuses to start without the ones it needs.
 */
const settingsSchema = z.object({
  SVC_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8402),
  PUBLIC_BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAY_TO_EVM: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address').optional(),
  PAY_TO_SOLANA: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a Solana address').optional(),
  PAY_TO_STACKS: z.string().regex(/^S[PMTN][0-9A-Z]{38,40}$/, 'must be a Stacks principal').optional(),
  PAYMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  SVC_PRICE_OVERRIDES: z.string().optional(),
  PRICE_ORACLE_URL: z.url().optional(),
  PRICE_ORACLE_API_KEY: z.string().optional(),
  FACILITATOR_URL: z.url().optional(),
  ACCESS_KEY_ENVIRONMENT: z.enum(['development', 'production']).optional(),
  OAUTH_SIGNING_KEY: z.string().min(1).optional(),
  BASE_RPC_URL: z.url().optional(),
  ETH_RPC_URL: z.url().optional(),
  BSC_RPC_URL: z.url().optional(),
  POLYGON_RPC_URL: z.url().optional(),
  BITCOIN_ESPLORA_URL: z.url().optional(),
  BITCOIN_ORD_URL: z.url().optional(),
  COUNTERPARTY_API_URL: z.url().optional(),
  SVC_MASTER_KEY: z.string().min(1).optional(),
  SVC_PREVIOUS_MASTER_KEYS: z.string().min(1).optional(),
  SIWX_NONCE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PROVIDERS_LIVE: z.string().optional(),
  MIGRATION_API_URL: z.url().optional(),
  HEDERA_NETWORK: z.enum(['mainnet', 'testnet']).optional(),
  HEDERA_MIRROR_URL: z.url().optional(),
  SAUCERSWAP_API_URL: z.url().optional(),
  SAUCERSWAP_API_KEY: z.string().optional(),
  HEDERA_SWAP_ROUTER_ID: z.string().regex(/^\d+\.\d+\.\d+$/).optional(),
  HEDERA_WHBAR_TOKEN_ID: z.string().regex(/^\d+\.\d+\.\d+$/).optional(),
  /** Live Solana: the JSON-RPC endpoint, and Jupiter's API key (optionally another Jupiter base URL). */
  SOLANA_RPC_URL: z.url().optional(),
  JUPITER_API_KEY: z.string().min(1).optional(),
  JUPITER_API_URL: z.url().optional(),
  /** Live conditional orders: how often each watched network's prices are read (Jupiter, 0x), in milliseconds. */
  ORDER_PRICE_INTERVAL_MS: z.coerce.number().int().min(1000).default(LIVE_PRICE_INTERVAL_MS),
});

/** Sandbox payees: fixed, documented addresses so sandbox 402s are reproducible. Never used in live mode. */
export const SANDBOX_PAY_TO = {
  base: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  stacks: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
} as const;

export interface Config {
  readonly mode: 'sandbox' | 'live';
  readonly host: string;
  readonly port: number;
  /** Origin used in every absolute URL the service publishes (discovery, 402 resources, agent cards). */
  readonly publicBaseUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly logLevel: z.infer<typeof settingsSchema>['LOG_LEVEL'];
  readonly payTo: { readonly base: string; readonly solana: string; readonly stacks: string };
  readonly paymentTimeoutSeconds: number;
  /** How long a client may take to send a whole request (headers and body); the handler's own time is not counted. */
  readonly requestTimeoutMs: number;
  readonly priceOverrides: PriceOverrides;
  readonly priceOracle: { readonly url: string | undefined; readonly apiKey: string | undefined };
  /** Remote x402 facilitator (live mode); sandbox mode settles in process. */
  readonly facilitatorUrl: string | undefined;
  /** Which vault access keys this host accepts: development (`svc_dev_`) or production (`svc_live_`) ones, never both. */
  readonly accessKeyEnvironment: AccessKeyEnvironment;
  /** EC P-256 private JWK (JSON) signing OAuth access tokens; unset: generated once and kept in DATA_DIR/oauth-signing-key.json. */
  readonly oauthSigningKey: string | undefined;
  /** Base JSON-RPC (live mode): verifies smart-wallet (EIP-1271 / EIP-6492) sign-in proofs. */
  readonly baseRpcUrl: string | undefined;
  /** JSON-RPC per chain the tracked-wallet watcher polls in live mode; a chain without one is not watched. */
  /** Esplora REST base (live mode), e.g. https://mempool.space/api: the Bitcoin wallet tools' chain; unset, they answer 503 naming it. */
  readonly bitcoinEsploraUrl: string | undefined;
  /** ord server JSON API (live mode): where sendRunes finds the outputs carrying runes; unset, it answers 503 naming it. */
  readonly bitcoinOrdUrl: string | undefined;
  readonly counterpartyApiUrl: string | undefined;
  readonly watcherRpcUrls: { readonly eth: string | undefined; readonly base: string | undefined; readonly bsc: string | undefined; readonly polygon: string | undefined; readonly solana: string | undefined };
  /**
   * SVC_MASTER_KEY (seals vault seeds) with SVC_PREVIOUS_MASTER_KEYS (still opened, during a rotation). Required in
   * live mode; unset in sandbox mode, main.ts uses the key generated into DATA_DIR/master-key.
   */
  readonly masterKey: LocalMasterKeyRing | undefined;
  /**
   * Key of the sign-in challenges' nonces, derived from SIWX_NONCE_SECRET or else SVC_MASTER_KEY, so every instance
   * accepts the others' challenges. Unset (sandbox without either): a key per process.
   */
  readonly siwxNonceKey: Uint8Array | undefined;
  /**
   * PROVIDERS_LIVE and each provider's setting (see @svc/providers). Never required at start: a live provider
   * without its setting answers 503 naming it, and only its tools fail.
   */
  readonly providerSettings: ProviderEnv;
  /** The operator's rate and concurrency caps per upstream provider (UPSTREAM_<PROVIDER>_RPS / _CONCURRENCY). */
  readonly upstreamLimits: Partial<Record<UpstreamProviderKey, UpstreamLimitOverride>>;
  /** Live Hedera (HEDERA_NETWORK and the rest, see liveHederaNetwork); ignored in sandbox mode. */
  readonly hedera: LiveHederaSettings;
  /** Live EVM tools: RPC_URL_ETHEREUM, RPC_URL_BSC, RPC_URL_POLYGON, RPC_URL_BASE, RPC_URL_ALTCHAIN, ZEROX_API_KEY, LIFI_API_KEY. */
  readonly evmSettings: Readonly<Record<string, string | undefined>>;
  /** Live conditional orders: each watched network's price poll interval (ORDER_PRICE_INTERVAL_MS). */
  readonly orderPriceIntervalMs: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function parseOverrides(raw: string | undefined): PriceOverrides {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('SVC_PRICE_OVERRIDES must be JSON, e.g. {"wallet":"0.002","analytics":"0.05"}.');
  }
  const shape = z.record(z.string(), POSDEC).safeParse(parsed);
  if (!shape.success) throw new ConfigError('SVC_PRICE_OVERRIDES must map tool names or price families to positive USD decimal strings.');
  for (const key of Object.keys(shape.data)) {
    if (!findTool(key) && !isPriceFamily(key)) throw new ConfigError(`SVC_PRICE_OVERRIDES: "${key}" is neither a tool name nor a price family.`);
  }
  return shape.data as PriceOverrides;
}

/** The key ring of SVC_MASTER_KEY and SVC_PREVIOUS_MASTER_KEYS (comma-separated); errors never repeat a key. */
function parseMasterKeys(current: string | undefined, previous: string | undefined): LocalMasterKeyRing | undefined {
  if (!current) {
    if (previous) throw new ConfigError('SVC_PREVIOUS_MASTER_KEYS is only read together with SVC_MASTER_KEY (the key that seals from now on).');
    return undefined;
  }
  try {
    const older = (previous ?? '').split(',').filter((key) => key.trim()).map((key) => parseMasterKey(key, 'each key of SVC_PREVIOUS_MASTER_KEYS'));
    return new LocalMasterKeyRing(parseMasterKey(current), older);
  } catch (error) {
    throw error instanceof InvalidMasterKey ? new ConfigError(error.message) : error;
  }
}

/** The settings the live EVM tools read (each chain's rpcSetting in the registry, and the swap aggregators' keys). */
const EVM_SETTINGS = [...EVM_CHAINS.map((chain) => chain.rpcSetting), 'ZEROX_API_KEY', 'LIFI_API_KEY'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = settingsSchema.safeParse(env);
  const upstreamLimits = upstreamLimitsSchema.safeParse(env);
  const issues = [...(result.error?.issues ?? []), ...(upstreamLimits.error?.issues ?? [])];
  if (!result.success || !upstreamLimits.success) {
    throw new ConfigError(`Invalid settings: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const s = result.data;
  if (s.SVC_MODE === 'live') {
    const missing = (['PAY_TO_EVM', 'PAY_TO_SOLANA', 'PAY_TO_STACKS', 'PUBLIC_BASE_URL', 'FACILITATOR_URL', 'SVC_MASTER_KEY'] as const).filter((key) => !s[key]);
    if (missing.length > 0) {
      const keyHint = missing.includes('SVC_MASTER_KEY') ? ' SVC_MASTER_KEY seals the vault seeds: 32 bytes as base64 or hex, e.g. `openssl rand -base64 32`.' : '';
      throw new ConfigError(`Live mode needs ${missing.join(', ')}.${keyHint}`);
    }
  }
  const nonceSecret = s.SIWX_NONCE_SECRET ?? s.SVC_MASTER_KEY;
  return {
    mode: s.SVC_MODE,
    host: s.HOST,
    port: s.PORT,
    publicBaseUrl: (s.PUBLIC_BASE_URL ?? `http://${s.HOST.includes(':') ? `[${s.HOST}]` : s.HOST}:${s.PORT}`).replace(/\/$/, ''),
    dataDir: s.DATA_DIR,
    databaseUrl: s.DATABASE_URL,
    logLevel: s.LOG_LEVEL,
    payTo: {
      base: s.PAY_TO_EVM ?? SANDBOX_PAY_TO.base,
      solana: s.PAY_TO_SOLANA ?? SANDBOX_PAY_TO.solana,
      stacks: s.PAY_TO_STACKS ?? SANDBOX_PAY_TO.stacks,
    },
    paymentTimeoutSeconds: s.PAYMENT_TIMEOUT_SECONDS,
    requestTimeoutMs: s.REQUEST_TIMEOUT_MS,
    priceOverrides: parseOverrides(s.SVC_PRICE_OVERRIDES),
    priceOracle: { url: s.PRICE_ORACLE_URL, apiKey: s.PRICE_ORACLE_API_KEY },
    facilitatorUrl: s.FACILITATOR_URL,
    // The production host is the live one unless the operator says otherwise (e.g. a live-mode staging host).
    accessKeyEnvironment: s.ACCESS_KEY_ENVIRONMENT ?? (s.SVC_MODE === 'live' ? 'production' : 'development'),
    oauthSigningKey: s.OAUTH_SIGNING_KEY,
    baseRpcUrl: s.BASE_RPC_URL,
    bitcoinEsploraUrl: s.BITCOIN_ESPLORA_URL,
    bitcoinOrdUrl: s.BITCOIN_ORD_URL,
    counterpartyApiUrl: s.COUNTERPARTY_API_URL,
    watcherRpcUrls: { eth: s.ETH_RPC_URL, base: s.BASE_RPC_URL, bsc: s.BSC_RPC_URL, polygon: s.POLYGON_RPC_URL, solana: s.SOLANA_RPC_URL },
    masterKey: parseMasterKeys(s.SVC_MASTER_KEY, s.SVC_PREVIOUS_MASTER_KEYS),
    // Sign-in nonces must verify on every instance: a secret they all share (SIWX_NONCE_SECRET, else SVC_MASTER_KEY).
    siwxNonceKey: nonceSecret === undefined ? undefined : siwxNonceKeyFrom(nonceSecret),
    providerSettings: {
      PROVIDERS_LIVE: s.PROVIDERS_LIVE,
      MIGRATION_API_URL: s.MIGRATION_API_URL,
      SOLANA_RPC_URL: s.SOLANA_RPC_URL,
      JUPITER_API_KEY: s.JUPITER_API_KEY,
      JUPITER_API_URL: s.JUPITER_API_URL,
    },
    hedera: {
      HEDERA_NETWORK: s.HEDERA_NETWORK,
      HEDERA_MIRROR_URL: s.HEDERA_MIRROR_URL,
      SAUCERSWAP_API_URL: s.SAUCERSWAP_API_URL,
      SAUCERSWAP_API_KEY: s.SAUCERSWAP_API_KEY,
      HEDERA_SWAP_ROUTER_ID: s.HEDERA_SWAP_ROUTER_ID,
      HEDERA_WHBAR_TOKEN_ID: s.HEDERA_WHBAR_TOKEN_ID,
    },
    evmSettings: Object.fromEntries(EVM_SETTINGS.map((name) => [name, env[name] || undefined])),
    orderPriceIntervalMs: s.ORDER_PRICE_INTERVAL_MS,
    upstreamLimits: upstreamOverridesFrom(upstreamLimits.data),
  };
}
