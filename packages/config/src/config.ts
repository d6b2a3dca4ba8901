import { EVM_CHAINS, InvalidMasterKey, LocalMasterKeyRing, parseMasterKey } from '@svc/chains';
import { isPriceFamily, POSDEC, type PriceOverrides, findTool } from '@svc/contracts';
import { siwxNonceKeyFrom } from '@svc/payments';
import {
  concurrencySetting,
  type LiveHederaSettings,
  type ProviderEnv,
  rpsSetting,
  UPSTREAM_PROVIDERS,
  type UpstreamLimitOverride,
  type UpstreamPayerSettings,
  type UpstreamProviderKey,
  upstreamOverridesFrom,
  UPSTREAM_X402_SETTINGS,
  svmSecretKeyBytes,
  DEFAULT_SPONSORED_LAUNCHES,
  SVC_LAUNCHPAD_SETTINGS,
  type SvcLaunchpadSettings,
} from '@svc/providers';
import { LIVE_PRICE_INTERVAL_MS } from '@svc/tools';
import type { AccessKeyEnvironment } from '@svc/store';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { settingDocs } from './setting-docs.js';
import {
  vaultCollectionSchema,
  type VaultCollectionSettings,
  vaultCollectionSettingsOf,
} from './vault-collection-settings.js';

/**
 * Caps on our calls to each third-party provider: UPSTREAM_<PROVIDER>_RPS (requests per second, fractions allowed) and
 * UPSTREAM_<PROVIDER>_CONCURRENCY. Unset, each provider's published limit applies (see @svc/providers upstream/limits.ts).
 */
export const upstreamLimitsSchema = z.object(
  Object.fromEntries(
    Object.values(UPSTREAM_PROVIDERS).flatMap((provider) => [
      [
        rpsSetting(provider),
        z.coerce
          .number()
          .positive()
          .optional()
          .describe(`Requests per second to ${provider.name} (default ${Number(provider.rps.toFixed(3))}).`),
      ],
      [
        concurrencySetting(provider),
        z.coerce
          .number()
          .int()
          .positive()
          .optional()
          .describe(`Requests in flight at once to ${provider.name} (default ${provider.concurrency}).`),
      ],
    ]),
  ),
);

/**
 * Every setting the service reads, with its default and its documentation (docs/operations/configuration.md is
 * generated from it: `npm run docs:config`). Sandbox mode (the default) needs none of them; live mode refuses to
 * start without LIVE_REQUIRED_SETTINGS.
 */
export const settingsSchema = z.object({
  SVC_MODE: z.enum(['sandbox', 'live']).default('sandbox').register(settingDocs, {
    mode: 'both',
    description: '`sandbox` (no network; simulated markets, local chains) or `live`',
  }),
  HOST: z.string().min(1).default('127.0.0.1').register(settingDocs, { mode: 'both', description: 'listen address' }),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(8402)
    .register(settingDocs, { mode: 'both', description: 'listen port' }),
  PUBLIC_BASE_URL: z.url().optional().register(settingDocs, {
    mode: 'both',
    description: 'origin used in every published URL (402 resources, discovery, agent cards, the OAuth issuer)',
    defaultText: '`http://HOST:PORT`',
  }),
  DATA_DIR: z.string().min(1).default('./data').register(settingDocs, {
    mode: 'both',
    description:
      'local state: the embedded database lives in `DATA_DIR/pglite`, the sandbox chains in `DATA_DIR/chains`, the generated master key in `DATA_DIR/master-key` and the generated OAuth signing key in `DATA_DIR/oauth-signing-key.json`',
  }),
  DATABASE_URL: z.string().min(1).optional().register(settingDocs, {
    mode: 'both',
    description:
      'PostgreSQL server (`postgres://user@host:5432/db`); when unset the embedded PGlite database in `DATA_DIR/pglite` is used',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .register(settingDocs, {
      mode: 'both',
      description:
        'request lines are logged at `debug` and `trace`; payment, identity and key headers are always redacted',
    }),
  PAY_TO_EVM: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')
    .optional()
    .register(settingDocs, {
      mode: 'both',
      description: 'payee of BASE_USDC payments',
      defaultText: 'the sandbox payee `0x70997970C51812dc3A010C7d01b50e0d17dc79C8`',
    }),
  PAY_TO_SOLANA: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a Solana address')
    .optional()
    .register(settingDocs, {
      mode: 'both',
      description: 'payee of SOL_USDC payments',
      defaultText: 'the sandbox payee `9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM`',
    }),
  PAY_TO_STACKS: z
    .string()
    .regex(/^S[PMTN][0-9A-Z]{38,40}$/, 'must be a Stacks principal')
    .optional()
    .register(settingDocs, {
      mode: 'both',
      description: 'payee of STX, SBTC and USDCx payments',
      defaultText: 'the sandbox payee `SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7`',
    }),
  PAYMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300).register(settingDocs, {
    mode: 'both',
    description: 'validity of a signed payment and of the STX / sBTC amount quoted in a 402',
  }),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000).register(settingDocs, {
    mode: 'both',
    description:
      "how long a client may take to send a whole request, headers and body (408 after it); the handler's own time is not counted",
  }),
  CORS_ORIGINS: z
    .string()
    .default('*')
    .transform((value, ctx) => {
      if (value.trim() === '*') return '*' as const;
      const origins = value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin)
          ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin (scheme://host[:port])` });
      }
      return origins;
    })
    .register(settingDocs, {
      mode: 'both',
      description:
        'origins whose browser pages may call the API: `*` (any; every call is paid, signed or carries its key, never a cookie) or a comma-separated list such as `https://app.example,https://admin.example`',
    }),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(300_000).default(10_000).register(settingDocs, {
    mode: 'both',
    description:
      'on SIGTERM / SIGINT, how long requests in flight may take to finish; after it they are cut and the process exits (code 1)',
  }),
  BATCH_SETTLEMENT_CLAIM_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(86_400)
    .default(60)
    .register(settingDocs, {
      mode: 'both',
      description:
        'how often charged batch-settlement vouchers are claimed on chain in one transaction (then swept to PAY_TO_BASE); also on shutdown',
    }),
  BATCH_SETTLEMENT_CLAIM_THRESHOLD_USDC: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a USDC amount, e.g. 10 or 2.5')
    .default('10')
    .register(settingDocs, {
      mode: 'both',
      description: 'claim batch-settlement vouchers before the interval once this much charged value is unclaimed',
    }),
  BATCH_SETTLEMENT_RECEIVER_AUTHORIZER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte hex private key (0x and 64 hex digits)')
    .optional()
    .register(settingDocs, {
      mode: 'both',
      description:
        "the key that signs batch-settlement claim batches and refunds as the channels' receiver authorizer, when the facilitator does not advertise one of its own; every instance needs the same key",
      defaultText: 'in sandbox mode, a fixed development key; in live mode, none (the facilitator must authorise)',
    }),
  BATCH_SETTLEMENT_WITHDRAW_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(900)
    .max(2_592_000)
    .default(86_400)
    .register(settingDocs, {
      mode: 'both',
      description:
        "the withdraw delay every batch-settlement channel's config must name: how long a payer waits to withdraw without the service (claims must land within it)",
    }),
  METRICS_TOKEN: z.string().min(16).optional().register(settingDocs, {
    mode: 'both',
    description:
      'when set, `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); unset it is open, as `/health` and `/ready` are (see observability.md)',
  }),
  SVC_PRICE_OVERRIDES: z.string().optional().register(settingDocs, {
    mode: 'both',
    description:
      'JSON `{"<tool or price family>": "<usd>"}`; a tool key sets that tool, a family key every tool priced by that family (families: `packages/contracts/src/pricing.ts`)',
  }),
  PRICE_ORACLE_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      'CoinGecko-compatible API base for STX and BTC prices (sandbox mode uses seeded prices: STX 0.65, BTC 97,000)',
  }),
  PRICE_ORACLE_API_KEY: z.string().optional().register(settingDocs, {
    mode: 'live',
    description: 'optional key sent to the price oracle as `x-cg-pro-api-key`',
  }),
  FACILITATOR_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      'remote x402 facilitator that verifies and settles payments (sandbox mode settles in process on the sandbox chains). Its `/supported` fee payer is read at start for SOL_USDC. With `SETTLER_PRIVATE_KEYS` it handles the Solana and Stacks payments only; live mode needs one of the two',
  }),
  SETTLER_PRIVATE_KEYS: z
    .string()
    .regex(
      /^0x[0-9a-fA-F]{64}(\s*,\s*0x[0-9a-fA-F]{64})*$/,
      'must be comma-separated private keys, each 0x followed by 64 hex digits',
    )
    .optional()
    .register(settingDocs, {
      mode: 'live',
      description:
        'secret, never logged: comma-separated private keys of the accounts that settle BASE_USDC payments in process on `RPC_URL_BASE` (self-hosted, instead of `FACILITATOR_URL` for Base), grouping the payments that arrive while one settlement transaction is in flight; each account needs ETH on Base for gas, and sends nothing else (see operations/payments.md)',
    }),
  SETTLEMENT_BATCH_MAX: z.coerce.number().int().min(1).max(500).default(100).register(settingDocs, {
    mode: 'both',
    description:
      'most payments one in-process settlement transaction carries (sandbox mode, and live mode with `SETTLER_PRIVATE_KEYS`); `1` settles each payment in its own transaction',
  }),
  ACCESS_KEY_ENVIRONMENT: z.enum(['development', 'production']).optional().register(settingDocs, {
    mode: 'both',
    description:
      'which vault access keys this host accepts on MCP and A2A: `development` (keys `svc_dev_…`) or `production` (keys `svc_live_…`); a key of the other environment is refused with 401, and new keys are made for this one',
    defaultText: '`development` in sandbox mode, `production` in live mode',
  }),
  OAUTH_SIGNING_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'both',
    description:
      'EC P-256 private JWK (JSON, one line) that signs OAuth access tokens; set the same value on every instance behind one `PUBLIC_BASE_URL` (the generated file holds exactly this JSON, so it can be copied)',
    defaultText: 'generated once into `DATA_DIR/oauth-signing-key.json`',
  }),
  BITCOIN_ESPLORA_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      'Esplora REST base of the Bitcoin wallet tools, e.g. `https://mempool.space/api` or `https://blockstream.info/api`; without it they answer 503 naming it',
  }),
  BITCOIN_ORD_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      'an `ord server` JSON API base (runes and inscriptions per output); transferBTC, sendRunes and sendInscription need it to leave rune and inscription outputs alone and to find them; without it they answer 503 naming it',
  }),
  COUNTERPARTY_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      'a Counterparty API v2 root (counterparty-core v10, e.g. `https://api.counterparty.io:4000`) for getXCPBalances and sendXCP; without it they answer 503 naming it',
  }),
  SVC_MASTER_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'both',
    description:
      '32 bytes, base64 or 64 hex digits: the master key that seals every vault seed and webhook signing secret (AES-256-GCM envelope)',
    defaultText: 'generated once into `DATA_DIR/master-key` (sandbox mode only)',
  }),
  SVC_PREVIOUS_MASTER_KEYS: z.string().min(1).optional().register(settingDocs, {
    mode: 'both',
    description:
      'comma-separated earlier master keys, only opened, never used to seal: set during a rotation together with the new `SVC_MASTER_KEY`',
  }),
  SIWX_NONCE_SECRET: z.string().min(32, 'must be at least 32 characters').optional().register(settingDocs, {
    mode: 'both',
    description:
      "secret every instance derives the sign-in challenges' HMAC key from, so a challenge issued by one instance verifies on another",
    defaultText: '`SVC_MASTER_KEY`; without either, a key per process',
  }),
  PROVIDERS_LIVE: z.string().optional().register(settingDocs, {
    mode: 'sandbox',
    description:
      'comma-separated provider settings (e.g. `MIGRATION_API_URL`) whose provider is called for real even in sandbox mode',
  }),
  MIGRATION_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      'live migration provider: origin of a Migrate.fun API deployment, e.g. `https://emblemvault.dev` (no key); without it in live mode the migration tools answer 503 naming it (in sandbox mode it is used when listed in `PROVIDERS_LIVE`)',
  }),
  HEDERA_NETWORK: z.enum(['mainnet', 'testnet']).optional().register(settingDocs, {
    mode: 'live',
    description: '`mainnet` or `testnet`: turns the live Hedera tools on; without it they answer 503 naming it',
  }),
  HEDERA_MIRROR_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'Hedera mirror node for live reads',
    defaultText: "the network's public mirror node",
  }),
  SAUCERSWAP_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'SaucerSwap API for token lists and V1 pool reserves',
    defaultText: '`https://api.saucerswap.finance`',
  }),
  SAUCERSWAP_API_KEY: z.string().optional().register(settingDocs, {
    mode: 'live',
    description: 'SaucerSwap API key; without it Hedera token discovery, quotes and swaps answer 503 naming it',
  }),
  HEDERA_SWAP_ROUTER_ID: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .optional()
    .register(settingDocs, {
      mode: 'live',
      description: 'swap router contract id (`0.0.x`); testnet needs it set',
      defaultText: "SaucerSwap V1's mainnet router",
    }),
  HEDERA_WHBAR_TOKEN_ID: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .optional()
    .register(settingDocs, {
      mode: 'live',
      description: 'WHBAR token id (`0.0.x`) that stands for HBAR in swap paths; testnet needs it set',
      defaultText: "SaucerSwap V1's mainnet WHBAR",
    }),
  MEMEJOB_CONTRACT_ID: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .optional()
    .register(settingDocs, {
      mode: 'live',
      description: 'memejob launchpad contract id (`0.0.x`) for the Hedera launchpad tools',
      defaultText: "memejob's published deployment on the network (`0.0.7891970` on mainnet, `0.0.5271847` on testnet)",
    }),
  /** Live Solana: the JSON-RPC endpoint, and Jupiter's API key (optionally another Jupiter base URL). */
  SOLANA_RPC_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      'Solana JSON-RPC endpoint for the Solana tools, live conditional orders and the tracked-wallet watcher on solana; without it the Solana tools answer 503 naming it',
  }),
  JUPITER_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      'Jupiter API key (swaps, prices, token search); without it the Solana swap and price tools answer 503 naming it',
  }),
  JUPITER_API_URL: z
    .url()
    .optional()
    .register(settingDocs, { mode: 'live', description: 'Jupiter API base', defaultText: '`https://api.jup.ag`' }),
  /** Live service launchpad on Meteora's Dynamic Bonding Curve (docs/families/launchpads.md). */
  SVC_LAUNCHPAD_DBC_CONFIG: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'must be a base58 Solana address')
    .optional()
    .register(settingDocs, {
      mode: 'live',
      description:
        "address of the Meteora DBC pool config (SOL-quoted, SPL token, fees collected in SOL) every launchToken uses: its curve, its trading fee, the partner's share (its fee claimer) and the creator's share that the fee-sharing recipients split; without it launchToken, claimSvcLaunchpadFees and burnSvcLaunchpadToken answer 503 naming it",
    }),
  SVC_LAUNCHPAD_SPONSOR_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      'secret, never logged: 64-byte Solana secret key (base58, or the JSON byte array of a `solana-keygen` file) of the wallet that pays the rent and fees of sponsored launches (launchToken without initialBuyInSol from a vault that cannot pay); without it such a launch answers 503 naming it',
  }),
  SVC_LAUNCHPAD_SPONSORED_LAUNCHES: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_SPONSORED_LAUNCHES)
    .register(settingDocs, {
      mode: 'live',
      description:
        "sponsored launches one creator may have (counted on chain from the sponsor wallet's launch memos); 0 turns sponsorship off",
    }),
  /** Rate limits (apps/http-gateway/src/rate-limits.ts); shared through Redis when REDIS_URL is set. */
  REDIS_URL: z.url().optional().register(settingDocs, {
    mode: 'both',
    description:
      'Redis server (`redis://host:6379`) holding the rate-limit counters, so every gateway instance counts against the same limits; unset, each process counts in memory',
  }),
  REDIS_KEY_PREFIX: z.string().min(1).default('svc:').register(settingDocs, {
    mode: 'both',
    description: 'prefix of every key the service writes in Redis, so several deployments can share one server',
  }),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, 'must be `true` or comma-separated addresses / CIDRs')
    .optional()
    .register(settingDocs, {
      mode: 'both',
      description:
        'which proxies in front of the gateway to believe about the client address (`X-Forwarded-For`), for the per-IP rate limit and the logs: `true` (any) or comma-separated addresses / CIDRs of the load balancers; unset, the client address is the connecting peer',
    }),
  RATE_LIMIT_UNPAID_PER_MINUTE: z.coerce.number().int().min(0).default(1200).register(settingDocs, {
    mode: 'both',
    description:
      'requests a minute per client IP address to everything but MCP and A2A (unpaid 402s, discovery, sign-in, account routes); a POST carrying `PAYMENT-SIGNATURE` is never counted nor refused; `0` turns the limit off',
  }),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(0).default(1200).register(settingDocs, {
    mode: 'both',
    description: 'requests a minute per account on MCP and A2A, counted after authentication; `0` turns the limit off',
  }),
  /** Live conditional orders: how often each watched network's prices are read (Jupiter, 0x), in milliseconds. */
  ORDER_PRICE_INTERVAL_MS: z.coerce.number().int().min(1000).default(LIVE_PRICE_INTERVAL_MS).register(settingDocs, {
    mode: 'live',
    description:
      "how often the conditional-order engine reads each watched network's prices (Jupiter, 0x), in milliseconds",
  }),
  /** Live market data, analytics, risk, web search and crawl (docs/families/market-data.md). */
  BIRDEYE_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description: 'Birdeye Data API key; without it the mktdata tools answer 503 naming it',
  }),
  COINGECKO_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      'CoinGecko API key (Demo or Pro, see `COINGECKO_API_PLAN`); without it getTrendingCoins, getCryptoPrice and searchCryptoByName answer 503 naming it',
  }),
  COINGECKO_API_PLAN: z.enum(['demo', 'pro']).default('demo').register(settingDocs, {
    mode: 'live',
    description: '`demo` or `pro`: which CoinGecko host and key header `COINGECKO_API_KEY` belongs to',
  }),
  NANSEN_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description: 'Nansen API key; without it the nine intel_* tools answer 503 naming it',
  }),
  RUGCHECK_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'RugCheck API for riskcheckToken (public, no key)',
    defaultText: '`https://api.rugcheck.xyz`',
  }),
  TAVILY_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description: 'Tavily search API key; without it websearch answers 503 naming it',
  }),
  FIRECRAWL_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description: 'Firecrawl API key; without it crawlExtract answers 503 naming it',
  }),
  /** The Bitcoin research tools' live provider (docs/families/bitcoin-research.md). */
  ORDISCAN_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      "Ordiscan API key; without it the Bitcoin research tools it serves (inscriptions, collections, runes, rare sats, BRC-20, alkanes, `getRuneMarketInfo`) answer 503 naming it, and so do the vault's Bitcoin sends (`transferBTC`, `sendRunes`, `sendInscription`, `sendXCP`), which need its alkane index to leave alkane-carrying outputs alone (in sandbox mode, listing it in `PROVIDERS_LIVE` sends the research tools to Ordiscan instead of the sandbox chain)",
  }),
  STAMPCHAIN_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'Stampchain API v2 for the Bitcoin Stamps and SRC-20 tools (public, no key)',
    defaultText: '`https://stampchain.io/api/v2`',
  }),
  /** The perpdex tools' live provider (docs/families/perpdex.md). */
  HYPERLIQUID_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'Hyperliquid API base URL for the perpdex tools (its info API is public, no key)',
    defaultText: '`https://api.hyperliquid.xyz`',
  }),
  HYPEREVM_RPC_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: "HyperEVM JSON-RPC that perpdexHoldings reads an account's EVM-side HYPE from (public, no key)",
    defaultText: '`https://rpc.hyperliquid.xyz/evm`',
  }),
  HLNAMES_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      "Hyperliquid Names API key (`X-API-Key`); without it a perpdex tool's `user` given as a `.hl` name answers 503 naming it (addresses and ENS names need no key)",
  }),
  /** Polymarket's public APIs for the predict tools (docs/families/predict.md); each URL only moves a host. */
  POLYMARKET_GAMMA_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'Polymarket Gamma API (events, tags, search) for the predict tools (public, no key)',
    defaultText: '`https://gamma-api.polymarket.com`',
  }),
  POLYMARKET_DATA_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'Polymarket Data API (positions) for getPredictUserPositions (public, no key)',
    defaultText: '`https://data-api.polymarket.com`',
  }),
  POLYMARKET_CLOB_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      "Polymarket CLOB (V2) for placePredictOrder: order books and orders, with API credentials the vault's key derives itself (no key to set)",
    defaultText: '`https://clob.polymarket.com`',
  }),
  /** The EVM launchpads' live lists (docs/families/launchpads-evm-hedera.md). */
  FOUR_MEME_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      "four.meme's query API for `bscfindMemeCoinsViaBonding` (public, no key; unofficial, behind the upstream breaker)",
    defaultText: '`https://four.meme/meme-api/v1`',
  }),
  /** pump.fun live (docs/families/launchpads.md): its coin lists and the metadata pinning of launches. */
  PUMP_FUN_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description:
      "pump.fun's coin-list API for `getCurveTokens` (public, no key; unofficial, behind the upstream breaker)",
    defaultText: '`https://advanced-api-v2.pump.fun`',
  }),
  PINATA_JWT: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      "Pinata API key (JWT) that pins a new coin's metadata JSON on IPFS; without it `curveLaunchToken` answers 503 naming it",
  }),
  CLANKER_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: "Clanker's public token list for `baseFindFactoryTokens` (public, no key)",
    defaultText: '`https://www.clanker.world/api`',
  }),
  /** Magic Eden's ordinals API: the rune market lists and prices (docs/families/bitcoin-research.md). */
  MAGIC_EDEN_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      "Magic Eden API key (its ordinals API, Bearer); without it the rune and collection market tools but getRuneMarketInfo and getCollectionMarketInfo answer 503 naming it; the top lists' USD figures take BTC/USD from CoinGecko (`COINGECKO_API_KEY`) (in sandbox mode, listing it in `PROVIDERS_LIVE` sends them to Magic Eden instead of the sandbox)",
  }),
  /** UniSat's open-api: the BRC-20 marketplace figures the BRC-20 top lists rank (docs/families/bitcoin-research.md). */
  UNISAT_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      "UniSat open-api key (Bearer); without it getTopBRC20ByMarketCap and getTopBRC20ByVolume answer 503 naming it; their USD figures use UniSat's BTC price (sandbox mode: listed in `PROVIDERS_LIVE`, they use UniSat)",
  }),
  /** The cross-chain swap providers (docs/families/cross-chain.md): ChangeNOW for the bridge, Relay for the router. */
  CHANGENOW_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      'ChangeNOW API v2 partner key (`x-changenow-api-key`); without it the four bridge tools (`getBridgeSupportedCurrencies`, `getBridgeSwapQuote`, `swapUsingBridge`, `getBridgeTransactionStatus`) answer 503 naming it',
  }),
  CHANGENOW_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'ChangeNOW API v2 base URL (a test server)',
    defaultText: '`https://api.changenow.io/v2`',
  }),
  RELAY_API_URL: z.url().optional().register(settingDocs, {
    mode: 'live',
    description: 'Relay API for the four router tools (public; no key needed)',
    defaultText: '`https://api.relay.link`',
  }),
  RELAY_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description: "Relay API key (`x-api-key`), optional: raises Relay's rate limits for the router tools",
  }),
  SANDBOX_CROSS_CHAIN_TICK_SECONDS: z.coerce.number().min(0).max(3600).default(5).register(settingDocs, {
    mode: 'sandbox',
    description:
      'seconds between the sandbox bridge operator and router solver moving every open exchange one state on (`0`: only status reads and `POST /api/sandbox/cross-chain/advance` move them)',
  }),
  /** OpenSea API v2: the NFT marketplace tools' order book, collections and events (docs/families/nftmkt.md). */
  OPENSEA_API_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      'OpenSea API key (`x-api-key`); without it the NFT marketplace tools (`nftmkt*`) answer 503 naming it (in sandbox mode, listing it in `PROVIDERS_LIVE` sends them to OpenSea instead of the sandbox order book)',
  }),
  SANDBOX_MARKET_SIM_RATE: z.coerce.number().min(0).max(600).default(6).register(settingDocs, {
    mode: 'sandbox',
    description:
      'trades a minute the sandbox market simulator makes across the running sandbox chains (Base, Solana, and each other EVM chain once started; one trade in four is a rune or inscription sale on the sandbox Bitcoin marketplace) so prices, volume and holders move; `0`: off (it trades only when stepped)',
  }),
  /** Paying Birdeye, Nansen and CoinGecko per call over x402 instead of holding their keys (docs/families/market-data.md). */
  UPSTREAM_X402_EVM_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .optional()
    .register(settingDocs, {
      mode: 'live',
      description:
        'secret, never logged: private key of the wallet that pays Nansen and CoinGecko per call in Base USDC over x402 when their API key is unset; needs `UPSTREAM_X402_DAILY_BUDGET_USD`',
    }),
  UPSTREAM_X402_SVM_PRIVATE_KEY: z.string().min(1).optional().register(settingDocs, {
    mode: 'live',
    description:
      'secret, never logged: 64-byte Solana secret key (base58, or the JSON byte array of a `solana-keygen` file) of the wallet that pays Birdeye, Nansen and CoinGecko per call in Solana USDC over x402 when their API key is unset (Birdeye takes only Solana); built against `SOLANA_RPC_URL`; needs `UPSTREAM_X402_DAILY_BUDGET_USD`',
  }),
  UPSTREAM_X402_DAILY_BUDGET_USD: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, 'must be a USD amount such as 5 or 2.50')
    .optional()
    .register(settingDocs, {
      mode: 'live',
      description:
        'what all upstream x402 payments of one UTC day may add up to, across every instance (counted in the database); spent, paid upstream calls answer 503 `upstream_budget_exhausted` until midnight UTC. Required with a payer key: nothing is paid without it',
    }),
  UPSTREAM_X402_MAX_PER_CALL_USD: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, 'must be a USD amount such as 0.10')
    .default('0.10')
    .register(settingDocs, {
      mode: 'live',
      description:
        'the most one upstream call may pay over x402; a provider asking more is refused (502) and nothing is paid',
    }),
  ...vaultCollectionSchema,
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
  /** Origins allowed to call from a browser (CORS_ORIGINS): any (`*`) or these exact ones. */
  readonly corsOrigins: '*' | readonly string[];
  /** How long a shutdown waits for requests in flight before it cuts them and exits. */
  readonly shutdownTimeoutMs: number;
  /** x402 batch-settlement channels: when charged vouchers are claimed, and the withdraw delay channels must name. */
  readonly batchSettlement: {
    readonly claimIntervalSeconds: number;
    /** Claim early once this much (USDC atomic units) is charged and unclaimed. */
    readonly claimThresholdAtomic: bigint;
    readonly withdrawDelaySeconds: number;
    /** Signs claims and refunds when the facilitator does not (see batchSettlementOfferOf). */
    readonly receiverAuthorizerKey: `0x${string}` | undefined;
  };
  /** Bearer token `/metrics` requires; unset, it is open. */
  readonly metricsToken: string | undefined;
  readonly priceOverrides: PriceOverrides;
  readonly priceOracle: { readonly url: string | undefined; readonly apiKey: string | undefined };
  /** Remote x402 facilitator (live mode); sandbox mode settles in process. */
  readonly facilitatorUrl: string | undefined;
  /**
   * SETTLER_PRIVATE_KEYS (live mode): secret, never logged. The accounts that settle Base payments in process on
   * RPC_URL_BASE instead of the remote facilitator.
   */
  readonly settlerPrivateKeys: readonly `0x${string}`[] | undefined;
  /** Most payments one in-process settlement transaction carries (SETTLEMENT_BATCH_MAX). */
  readonly settlementBatchMax: number;
  /** Which vault access keys this host accepts: development (`svc_dev_`) or production (`svc_live_`) ones, never both. */
  readonly accessKeyEnvironment: AccessKeyEnvironment;
  /** EC P-256 private JWK (JSON) signing OAuth access tokens; unset: generated once and kept in DATA_DIR/oauth-signing-key.json. */
  readonly oauthSigningKey: string | undefined;
  /**
   * RPC_URL_BASE, Base's one RPC setting (the registry's rpcSetting; live mode): also verifies smart-wallet
   * (EIP-1271 / EIP-6492) sign-in proofs and reconciles interrupted Base settlements.
   */
  readonly baseRpcUrl: string | undefined;
  /** Esplora REST base (live mode), e.g. https://mempool.space/api: the Bitcoin wallet tools' chain; unset, they answer 503 naming it. */
  readonly bitcoinEsploraUrl: string | undefined;
  /** ord server JSON API (live mode): where sendRunes finds the outputs carrying runes; unset, it answers 503 naming it. */
  readonly bitcoinOrdUrl: string | undefined;
  readonly counterpartyApiUrl: string | undefined;
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
  /** Paying providers per call over x402 (UPSTREAM_X402_*): set when a payer key and the daily budget are. */
  readonly upstreamPayer: UpstreamPayerSettings | undefined;
  /** The operator's rate and concurrency caps per upstream provider (UPSTREAM_<PROVIDER>_RPS / _CONCURRENCY). */
  readonly upstreamLimits: Partial<Record<UpstreamProviderKey, UpstreamLimitOverride>>;
  /** Live Hedera (HEDERA_NETWORK and the rest, see liveHederaNetwork); ignored in sandbox mode. */
  readonly hedera: LiveHederaSettings;
  /** Live EVM tools: RPC_URL_ETHEREUM, RPC_URL_BSC, RPC_URL_POLYGON, RPC_URL_BASE, RPC_URL_ALTCHAIN, ZEROX_API_KEY, LIFI_API_KEY. */
  readonly evmSettings: Readonly<Record<string, string | undefined>>;
  /** Live service launchpad on Meteora DBC (SVC_LAUNCHPAD_*); unset settings answer 503 naming them. */
  readonly svcLaunchpad: SvcLaunchpadSettings;
  /** Live vault collections (VAULT_COLLECTION_<CHAIN>, VAULT_MINTER_PRIVATE_KEY, VAULT_DEPLOYER_PRIVATE_KEY); none in sandbox mode. */
  readonly vaultCollections: VaultCollectionSettings;
  /** Live conditional orders: each watched network's price poll interval (ORDER_PRICE_INTERVAL_MS). */
  readonly orderPriceIntervalMs: number;
  /** Requests a minute per IP (unpaid) and per account (MCP, A2A), 0: off; counted in Redis when `redisUrl` is set. */
  /** Proxies whose X-Forwarded-For names the client (Fastify's trustProxy); unset: the connecting peer is the client. */
  readonly trustProxy: true | string | undefined;
  /** Trades a minute of the sandbox market simulator (SANDBOX_MARKET_SIM_RATE); 0: off. */
  readonly sandboxMarketSimRate: number;
  /** Seconds between the sandbox cross-chain operator's background steps (SANDBOX_CROSS_CHAIN_TICK_SECONDS); 0: off. */
  readonly sandboxCrossChainTickSeconds: number;
  readonly rateLimits: {
    readonly unpaidPerMinute: number;
    readonly accountPerMinute: number;
    readonly redisUrl: string | undefined;
    readonly redisKeyPrefix: string;
  };
}

export { ConfigError };

function parseOverrides(raw: string | undefined): PriceOverrides {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('SVC_PRICE_OVERRIDES must be JSON, e.g. {"wallet":"0.002","analytics":"0.05"}.');
  }
  const shape = z.record(z.string(), POSDEC).safeParse(parsed);
  if (!shape.success)
    throw new ConfigError('SVC_PRICE_OVERRIDES must map tool names or price families to positive USD decimal strings.');
  for (const key of Object.keys(shape.data)) {
    if (!findTool(key) && !isPriceFamily(key))
      throw new ConfigError(`SVC_PRICE_OVERRIDES: "${key}" is neither a tool name nor a price family.`);
  }
  return shape.data as PriceOverrides;
}

/** The key ring of SVC_MASTER_KEY and SVC_PREVIOUS_MASTER_KEYS (comma-separated); errors never repeat a key. */
function parseMasterKeys(current: string | undefined, previous: string | undefined): LocalMasterKeyRing | undefined {
  if (!current) {
    if (previous)
      throw new ConfigError(
        'SVC_PREVIOUS_MASTER_KEYS is only read together with SVC_MASTER_KEY (the key that seals from now on).',
      );
    return undefined;
  }
  try {
    const older = (previous ?? '')
      .split(',')
      .filter((key) => key.trim())
      .map((key) => parseMasterKey(key, 'each key of SVC_PREVIOUS_MASTER_KEYS'));
    return new LocalMasterKeyRing(parseMasterKey(current), older);
  } catch (error) {
    throw error instanceof InvalidMasterKey ? new ConfigError(error.message) : error;
  }
}

/** TRUST_PROXY as Fastify's trustProxy takes it: any proxy, or the proxies' addresses (comma-separated). */
const trustProxyOf = (setting: string | undefined): true | string | undefined => (setting === 'true' ? true : setting);

/** Live mode refuses to start without these. */
export const LIVE_REQUIRED_SETTINGS = [
  'PAY_TO_EVM',
  'PAY_TO_SOLANA',
  'PAY_TO_STACKS',
  'PUBLIC_BASE_URL',
  'SVC_MASTER_KEY',
] as const;

/** Live mode refuses to start without at least one of these: who settles payments. */
export const LIVE_SETTLEMENT_SETTINGS = ['FACILITATOR_URL', 'SETTLER_PRIVATE_KEYS'] as const;

/**
 * The settings the live EVM tools read (each chain's rpcSetting in the registry, and the swap aggregators' keys).
 * They are read from the environment as they are, outside settingsSchema; the configuration reference lists them.
 */
export const EVM_SETTINGS = [...EVM_CHAINS.map((chain) => chain.rpcSetting), 'ZEROX_API_KEY', 'LIFI_API_KEY'];

/** Settings of earlier releases that now have another name: a deployment still setting one is stopped, not ignored. */
const RENAMED_SETTINGS: Readonly<Record<string, string>> = {
  ETH_RPC_URL: 'RPC_URL_ETHEREUM',
  BASE_RPC_URL: 'RPC_URL_BASE',
  BSC_RPC_URL: 'RPC_URL_BSC',
  POLYGON_RPC_URL: 'RPC_URL_POLYGON',
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const renamed = Object.keys(RENAMED_SETTINGS).filter((old) => env[old] !== undefined);
  if (renamed.length > 0) {
    const renames = renamed.map((old) => `${old} is now ${RENAMED_SETTINGS[old]}`).join(', ');
    throw new ConfigError(`Renamed settings (one RPC setting per chain, read by every feature): ${renames}.`);
  }
  const result = settingsSchema.safeParse(env);
  const upstreamLimits = upstreamLimitsSchema.safeParse(env);
  const issues = [...(result.error?.issues ?? []), ...(upstreamLimits.error?.issues ?? [])];
  if (!result.success || !upstreamLimits.success) {
    throw new ConfigError(`Invalid settings: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const s = result.data;
  if (s.SVC_MODE === 'live') {
    const missing: string[] = LIVE_REQUIRED_SETTINGS.filter((key) => !s[key]);
    if (!LIVE_SETTLEMENT_SETTINGS.some((key) => s[key])) missing.push(LIVE_SETTLEMENT_SETTINGS.join(' or '));
    if (missing.length > 0) {
      const keyHint = missing.includes('SVC_MASTER_KEY')
        ? ' SVC_MASTER_KEY seals the vault seeds: 32 bytes as base64 or hex, e.g. `openssl rand -base64 32`.'
        : '';
      throw new ConfigError(`Live mode needs ${missing.join(', ')}.${keyHint}`);
    }
  }
  const nonceSecret = s.SIWX_NONCE_SECRET ?? s.SVC_MASTER_KEY;
  const upstreamPayer = upstreamPayerOf(s);
  return {
    mode: s.SVC_MODE,
    host: s.HOST,
    port: s.PORT,
    publicBaseUrl: (s.PUBLIC_BASE_URL ?? `http://${s.HOST.includes(':') ? `[${s.HOST}]` : s.HOST}:${s.PORT}`).replace(
      /\/$/,
      '',
    ),
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
    corsOrigins: s.CORS_ORIGINS,
    shutdownTimeoutMs: s.SHUTDOWN_TIMEOUT_MS,
    batchSettlement: {
      claimIntervalSeconds: s.BATCH_SETTLEMENT_CLAIM_INTERVAL_SECONDS,
      claimThresholdAtomic: usdcAtomic(s.BATCH_SETTLEMENT_CLAIM_THRESHOLD_USDC),
      withdrawDelaySeconds: s.BATCH_SETTLEMENT_WITHDRAW_DELAY_SECONDS,
      receiverAuthorizerKey:
        (s.BATCH_SETTLEMENT_RECEIVER_AUTHORIZER_KEY as `0x${string}` | undefined) ??
        (s.SVC_MODE === 'sandbox' ? SANDBOX_RECEIVER_AUTHORIZER_KEY : undefined),
    },
    metricsToken: s.METRICS_TOKEN,
    priceOverrides: parseOverrides(s.SVC_PRICE_OVERRIDES),
    priceOracle: { url: s.PRICE_ORACLE_URL, apiKey: s.PRICE_ORACLE_API_KEY },
    facilitatorUrl: s.FACILITATOR_URL,
    settlerPrivateKeys: s.SVC_MODE === 'live' ? settlerKeysOf(s.SETTLER_PRIVATE_KEYS, env.RPC_URL_BASE) : undefined,
    settlementBatchMax: s.SETTLEMENT_BATCH_MAX,
    // The production host is the live one unless the operator says otherwise (e.g. a live-mode staging host).
    accessKeyEnvironment: s.ACCESS_KEY_ENVIRONMENT ?? (s.SVC_MODE === 'live' ? 'production' : 'development'),
    oauthSigningKey: s.OAUTH_SIGNING_KEY,
    baseRpcUrl: env.RPC_URL_BASE || undefined,
    bitcoinEsploraUrl: s.BITCOIN_ESPLORA_URL,
    bitcoinOrdUrl: s.BITCOIN_ORD_URL,
    counterpartyApiUrl: s.COUNTERPARTY_API_URL,
    masterKey: parseMasterKeys(s.SVC_MASTER_KEY, s.SVC_PREVIOUS_MASTER_KEYS),
    // Sign-in nonces must verify on every instance: a secret they all share (SIWX_NONCE_SECRET, else SVC_MASTER_KEY).
    siwxNonceKey: nonceSecret === undefined ? undefined : siwxNonceKeyFrom(nonceSecret),
    providerSettings: {
      PROVIDERS_LIVE: s.PROVIDERS_LIVE,
      MIGRATION_API_URL: s.MIGRATION_API_URL,
      SOLANA_RPC_URL: s.SOLANA_RPC_URL,
      JUPITER_API_KEY: s.JUPITER_API_KEY,
      JUPITER_API_URL: s.JUPITER_API_URL,
      BIRDEYE_API_KEY: s.BIRDEYE_API_KEY,
      COINGECKO_API_KEY: s.COINGECKO_API_KEY,
      COINGECKO_API_PLAN: s.COINGECKO_API_PLAN,
      NANSEN_API_KEY: s.NANSEN_API_KEY,
      RUGCHECK_API_URL: s.RUGCHECK_API_URL,
      TAVILY_API_KEY: s.TAVILY_API_KEY,
      FIRECRAWL_API_KEY: s.FIRECRAWL_API_KEY,
      ORDISCAN_API_KEY: s.ORDISCAN_API_KEY,
      STAMPCHAIN_API_URL: s.STAMPCHAIN_API_URL,
      HYPERLIQUID_API_URL: s.HYPERLIQUID_API_URL,
      HYPEREVM_RPC_URL: s.HYPEREVM_RPC_URL,
      HLNAMES_API_KEY: s.HLNAMES_API_KEY,
      POLYMARKET_GAMMA_API_URL: s.POLYMARKET_GAMMA_API_URL,
      POLYMARKET_DATA_API_URL: s.POLYMARKET_DATA_API_URL,
      POLYMARKET_CLOB_API_URL: s.POLYMARKET_CLOB_API_URL,
      FOUR_MEME_API_URL: s.FOUR_MEME_API_URL,
      CLANKER_API_URL: s.CLANKER_API_URL,
      PUMP_FUN_API_URL: s.PUMP_FUN_API_URL,
      PINATA_JWT: s.PINATA_JWT,
      MAGIC_EDEN_API_KEY: s.MAGIC_EDEN_API_KEY,
      UNISAT_API_KEY: s.UNISAT_API_KEY,
      CHANGENOW_API_KEY: s.CHANGENOW_API_KEY,
      CHANGENOW_API_URL: s.CHANGENOW_API_URL,
      RELAY_API_URL: s.RELAY_API_URL,
      RELAY_API_KEY: s.RELAY_API_KEY,
      OPENSEA_API_KEY: s.OPENSEA_API_KEY,
    },
    hedera: {
      HEDERA_NETWORK: s.HEDERA_NETWORK,
      HEDERA_MIRROR_URL: s.HEDERA_MIRROR_URL,
      SAUCERSWAP_API_URL: s.SAUCERSWAP_API_URL,
      SAUCERSWAP_API_KEY: s.SAUCERSWAP_API_KEY,
      HEDERA_SWAP_ROUTER_ID: s.HEDERA_SWAP_ROUTER_ID,
      HEDERA_WHBAR_TOKEN_ID: s.HEDERA_WHBAR_TOKEN_ID,
      MEMEJOB_CONTRACT_ID: s.MEMEJOB_CONTRACT_ID,
    },
    evmSettings: Object.fromEntries(EVM_SETTINGS.map((name) => [name, env[name] || undefined])),
    // The schema checked these settings; the RPC settings it names are read as they are, like evmSettings.
    vaultCollections: vaultCollectionSettingsOf(env, s.SVC_MODE),
    svcLaunchpad: svcLaunchpadOf(s),
    orderPriceIntervalMs: s.ORDER_PRICE_INTERVAL_MS,
    trustProxy: trustProxyOf(s.TRUST_PROXY),
    rateLimits: {
      unpaidPerMinute: s.RATE_LIMIT_UNPAID_PER_MINUTE,
      accountPerMinute: s.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      redisUrl: s.REDIS_URL,
      redisKeyPrefix: s.REDIS_KEY_PREFIX,
    },
    upstreamLimits: upstreamOverridesFrom(upstreamLimits.data),
    sandboxMarketSimRate: s.SANDBOX_MARKET_SIM_RATE,
    sandboxCrossChainTickSeconds: s.SANDBOX_CROSS_CHAIN_TICK_SECONDS,
    upstreamPayer,
  };
}

/** The service launchpad's settings; a sponsor key that is not a Solana secret key stops the start, naming it. */
function svcLaunchpadOf(s: z.infer<typeof settingsSchema>): SvcLaunchpadSettings {
  if (s.SVC_LAUNCHPAD_SPONSOR_KEY) {
    try {
      svmSecretKeyBytes(s.SVC_LAUNCHPAD_SPONSOR_KEY);
    } catch {
      throw new ConfigError(
        `${SVC_LAUNCHPAD_SETTINGS.sponsorKey} must be a 64-byte Solana secret key, base58 or a JSON byte array.`,
      );
    }
  }
  return {
    dbcConfig: s.SVC_LAUNCHPAD_DBC_CONFIG,
    sponsorKey: s.SVC_LAUNCHPAD_SPONSOR_KEY,
    sponsoredLaunchesPerCreator: s.SVC_LAUNCHPAD_SPONSORED_LAUNCHES,
  };
}

/** SETTLER_PRIVATE_KEYS as keys; they settle on Base, so RPC_URL_BASE is required with them. Errors never repeat a key. */
function settlerKeysOf(setting: string | undefined, baseRpcUrl: string | undefined): `0x${string}`[] | undefined {
  if (!setting) return undefined;
  if (!baseRpcUrl)
    throw new ConfigError('SETTLER_PRIVATE_KEYS settles Base payments on RPC_URL_BASE: set RPC_URL_BASE as well.');
  const keys = setting.split(',').map((key) => key.trim().toLowerCase() as `0x${string}`);
  if (new Set(keys).size !== keys.length)
    throw new ConfigError('SETTLER_PRIVATE_KEYS names one key twice: each settler account needs its own key.');
  return keys;
}

/** The upstream payer's settings, or none without a payer key. Errors name settings, never a key's value. */
function upstreamPayerOf(s: z.infer<typeof settingsSchema>): UpstreamPayerSettings | undefined {
  const evmPrivateKey = s.UPSTREAM_X402_EVM_PRIVATE_KEY as `0x${string}` | undefined;
  const svmPrivateKey = s.UPSTREAM_X402_SVM_PRIVATE_KEY;
  if (!evmPrivateKey && !svmPrivateKey) return undefined;
  if (svmPrivateKey) {
    try {
      svmSecretKeyBytes(svmPrivateKey);
    } catch {
      throw new ConfigError(
        `${UPSTREAM_X402_SETTINGS.svmPrivateKey} must be a 64-byte Solana secret key, base58 or a JSON byte array.`,
      );
    }
  }
  const dailyBudgetUsd = s.UPSTREAM_X402_DAILY_BUDGET_USD;
  if (!dailyBudgetUsd || !/[1-9]/.test(dailyBudgetUsd))
    throw new ConfigError(
      `${UPSTREAM_X402_SETTINGS.dailyBudgetUsd} (a positive USD amount) is required with an upstream payer key: nothing is paid upstream without a daily budget.`,
    );
  return {
    evmPrivateKey,
    svmPrivateKey,
    solanaRpcUrl: s.SOLANA_RPC_URL,
    dailyBudgetUsd,
    maxPerCallUsd: s.UPSTREAM_X402_MAX_PER_CALL_USD,
  };
}

/** A USDC amount (decimal string, at most 6 decimals) in atomic units. */
function usdcAtomic(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

/**
 * The sandbox's batch-settlement receiver authorizer: a fixed, public development key (anvil's tenth account), so
 * every sandbox instance on one database signs for the same channels. It authorises claims to PAY_TO_BASE only.
 */
const SANDBOX_RECEIVER_AUTHORIZER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';
