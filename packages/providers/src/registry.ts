import { CHANGENOW_SETTING, ChangeNowClient } from './changenow/index.js';
import { RELAY_DEFAULT_URL, RELAY_SETTING, RelayClient } from './relay/index.js';
import { BIRDEYE_SETTING, BIRDEYE_X402, BirdeyeClient } from './birdeye/index.js';
import { COINGECKO_SETTING, COINGECKO_X402, CoinGeckoClient, type CoinGeckoPlan } from './coingecko/index.js';
import { FIRECRAWL_SETTING, FirecrawlClient } from './firecrawl/index.js';
import { HLNAMES_SETTING, HlNamesClient } from './hyperliquid/hl-names.js';
import {
  HYPEREVM_DEFAULT_RPC_URL,
  HYPERLIQUID_DEFAULT_URL,
  HYPERLIQUID_SETTING,
  HyperliquidInfoClient,
} from './hyperliquid/hyperliquid.js';
import { JupiterTokensClient } from './jupiter-tokens/index.js';
import { MAGIC_EDEN_SETTING, MagicEdenClient } from './magic-eden/index.js';
import { UNISAT_SETTING, UnisatClient } from './unisat/index.js';
import { MIGRATION_SETTING, type MigrationProvider, migrationProvider } from './migration/index.js';
import { OPENSEA_SETTING, OpenSeaClient } from './opensea/index.js';
import { NANSEN_SETTING, NANSEN_X402, NansenClient } from './nansen/index.js';
import { ORDISCAN_SETTING, OrdiscanClient } from './ordiscan/index.js';
import { type ProviderAuth, providerAuth, type X402Offer } from './provider-auth.js';
import { type ProviderMode, type ProviderSetting, providerAccess } from './provider-mode.js';
import { POLYMARKET_DEFAULT_URLS, POLYMARKET_SETTINGS, PolymarketClient } from './polymarket/index.js';
import { RUGCHECK_DEFAULT_URL, RugCheckClient } from './rugcheck/index.js';
import { JUPITER_SETTING } from './solana-market/index.js';
import { STAMPCHAIN_DEFAULT_URL, STAMPCHAIN_SETTING, StampchainClient } from './stampchain/index.js';
import { FOUR_MEME_DEFAULT_URL, FOUR_MEME_SETTING, FourMemeClient } from './four-meme/index.js';
import { CLANKER_DEFAULT_URL, CLANKER_SETTING, ClankerClient } from './clanker/index.js';
import { PINATA_SETTING, PinataClient } from './pinata/index.js';
import { PUMP_FUN_API_DEFAULT_URL, PUMP_FUN_API_SETTING, PumpFunApiClient } from './pump-fun/index.js';
import { TAVILY_SETTING, TavilyClient } from './tavily/index.js';
import type { UpstreamPayer } from './upstream/x402-payer.js';

/** Environment values providers read: PROVIDERS_LIVE and each provider's setting (e.g. MIGRATION_API_URL). */
export type ProviderEnv = Readonly<Record<string, string | undefined>>;

/** RugCheck needs no key: its setting is an optional URL, so live mode always reaches it. */
const RUGCHECK_SETTING: ProviderSetting = { provider: 'Token risk (RugCheck)', setting: 'RUGCHECK_API_URL' };

/**
 * Every third-party provider a handler may use, built once per service. Each is chosen on first use (sandbox or
 * live, see providerAccess) and kept. A live provider missing its setting is not an error at start: the service
 * runs, and every use of that provider throws 503 `not_configured` naming the setting, so only its tools fail.
 *
 * A new provider: a folder like migration/ (interface, live, sandbox, a factory from ProviderAccess) and a getter here.
 * The market-data clients (Birdeye … Firecrawl) have no sandbox side here: their getters answer undefined in sandbox
 * mode and the tool family computes its sandbox answer from the sandbox chains.
 *
 * Birdeye, Nansen and CoinGecko also sell their endpoints per call over x402: without the provider's key, the
 * `payer` (the operator's upstream payer keys and daily budget) pays them instead, when it pays a chain they take.
 */
export class Providers {
  #migration: MigrationProvider | undefined;
  readonly #live = new Map<string, unknown>();

  constructor(
    private readonly mode: ProviderMode,
    private readonly env: ProviderEnv,
    private readonly payer?: UpstreamPayer,
  ) {}

  /** Migrate.fun (the migration stand-in). */
  get migration(): MigrationProvider {
    this.#migration ??= migrationProvider(providerAccess(this.mode, MIGRATION_SETTING, this.env));
    return this.#migration;
  }

  /** Birdeye (mktdata), with its key or paid per call; undefined in sandbox mode. */
  get birdeye(): BirdeyeClient | undefined {
    return this.#keyedOrPaid(BIRDEYE_SETTING, BIRDEYE_X402, (auth) => new BirdeyeClient(auth));
  }

  /** CoinGecko with a Demo or Pro key (COINGECKO_API_PLAN), or paid per call; undefined in sandbox mode. */
  get coingecko(): CoinGeckoClient | undefined {
    const plan: CoinGeckoPlan = this.env.COINGECKO_API_PLAN === 'pro' ? 'pro' : 'demo';
    return this.#keyedOrPaid(COINGECKO_SETTING, COINGECKO_X402, (auth) => new CoinGeckoClient(auth, plan));
  }

  /** Nansen API v1 (intel), with its key or paid per call; undefined in sandbox mode. */
  get nansen(): NansenClient | undefined {
    return this.#keyedOrPaid(NANSEN_SETTING, NANSEN_X402, (auth) => new NansenClient(auth));
  }

  /** Jupiter Tokens API v2 (findSolanaGems), with the Jupiter key of the Solana tools; undefined in sandbox mode. */
  get jupiterTokens(): JupiterTokensClient | undefined {
    return this.#liveClient(JUPITER_SETTING, (key) => new JupiterTokensClient(key, this.env.JUPITER_API_URL));
  }

  /** Tavily (websearch); undefined in sandbox mode. */
  get tavily(): TavilyClient | undefined {
    return this.#liveClient(TAVILY_SETTING, (key) => new TavilyClient(key));
  }

  /** Firecrawl extract (crawlExtract); undefined in sandbox mode. */
  get firecrawl(): FirecrawlClient | undefined {
    return this.#liveClient(FIRECRAWL_SETTING, (key) => new FirecrawlClient(key));
  }

  /** Ordiscan (the Bitcoin research tools); undefined in sandbox mode, where the sandbox ordinals index answers. */
  get ordiscan(): OrdiscanClient | undefined {
    return this.#liveClient(ORDISCAN_SETTING, (key) => new OrdiscanClient(key));
  }

  /** Stampchain (the stamps and SRC-20 tools): public, so live mode needs no setting; undefined in sandbox mode. */
  get stampchain(): StampchainClient | undefined {
    const env = { ...this.env, STAMPCHAIN_API_URL: this.env.STAMPCHAIN_API_URL ?? STAMPCHAIN_DEFAULT_URL };
    const access = providerAccess(this.mode, STAMPCHAIN_SETTING, env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(STAMPCHAIN_SETTING, () => new StampchainClient(access.credential));
  }

  /** four.meme's query API (the BSC bonding launchpad's list): public; undefined in sandbox mode. */
  get fourMeme(): FourMemeClient | undefined {
    const env = { ...this.env, FOUR_MEME_API_URL: this.env.FOUR_MEME_API_URL ?? FOUR_MEME_DEFAULT_URL };
    const access = providerAccess(this.mode, FOUR_MEME_SETTING, env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(FOUR_MEME_SETTING, () => new FourMemeClient(access.credential));
  }

  /** pump.fun's coin lists (getCurveTokens live): public; undefined in sandbox mode (the sandbox curves answer). */
  get pumpFun(): PumpFunApiClient | undefined {
    const env = { ...this.env, PUMP_FUN_API_URL: this.env.PUMP_FUN_API_URL ?? PUMP_FUN_API_DEFAULT_URL };
    const access = providerAccess(this.mode, PUMP_FUN_API_SETTING, env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(PUMP_FUN_API_SETTING, () => new PumpFunApiClient(access.credential));
  }

  /** Pinata (the metadata JSON of live pump.fun launches); undefined in sandbox mode; 503 without PINATA_JWT. */
  get pinata(): PinataClient | undefined {
    return this.#liveClient(PINATA_SETTING, (jwt) => new PinataClient(jwt));
  }

  /** Clanker's public token list (the Base token factory's list): public; undefined in sandbox mode. */
  get clanker(): ClankerClient | undefined {
    const env = { ...this.env, CLANKER_API_URL: this.env.CLANKER_API_URL ?? CLANKER_DEFAULT_URL };
    const access = providerAccess(this.mode, CLANKER_SETTING, env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(CLANKER_SETTING, () => new ClankerClient(access.credential));
  }

  /** Magic Eden (rune lists and prices); undefined in sandbox mode, where the sandbox chain's marketplace answers. */
  get magicEden(): MagicEdenClient | undefined {
    return this.#liveClient(MAGIC_EDEN_SETTING, (key) => new MagicEdenClient(key));
  }

  /** UniSat (the BRC-20 top lists); undefined in sandbox mode, where the sandbox chain's marketplace answers. */
  get unisat(): UnisatClient | undefined {
    return this.#liveClient(UNISAT_SETTING, (key) => new UnisatClient(key));
  }

  /** OpenSea API v2 (the NFT marketplace tools); undefined in sandbox mode, where the sandbox order book answers. */
  get opensea(): OpenSeaClient | undefined {
    return this.#liveClient(OPENSEA_SETTING, (key) => new OpenSeaClient(key));
  }

  /** RugCheck (riskcheckToken): public, so live mode needs no setting; undefined in sandbox mode. */
  get rugcheck(): RugCheckClient | undefined {
    const env = { ...this.env, RUGCHECK_API_URL: this.env.RUGCHECK_API_URL ?? RUGCHECK_DEFAULT_URL };
    const access = providerAccess(this.mode, RUGCHECK_SETTING, env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(RUGCHECK_SETTING, () => new RugCheckClient(access.credential));
  }

  /**
   * Hyperliquid's info API (the perpdex tools): public, so live mode needs no setting (HYPERLIQUID_API_URL and
   * HYPEREVM_RPC_URL move it); undefined in sandbox mode, where the sandbox perp exchange answers.
   */
  get hyperliquid(): HyperliquidInfoClient | undefined {
    const env = { ...this.env, HYPERLIQUID_API_URL: this.env.HYPERLIQUID_API_URL ?? HYPERLIQUID_DEFAULT_URL };
    const access = providerAccess(this.mode, HYPERLIQUID_SETTING, env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(
      HYPERLIQUID_SETTING,
      () => new HyperliquidInfoClient(access.credential, this.env.HYPEREVM_RPC_URL ?? HYPEREVM_DEFAULT_RPC_URL),
    );
  }

  /** Hyperliquid Names (`.hl` names of the perpdex tools' `user`); undefined in sandbox mode; 503 without its key. */
  get hlNames(): HlNamesClient | undefined {
    return this.#liveClient(HLNAMES_SETTING, (key) => new HlNamesClient(key));
  }

  /**
   * Polymarket (the predict tools): public, so live mode needs no setting (POLYMARKET_*_API_URL move its hosts);
   * undefined in sandbox mode, where the sandbox Polygon chain's prediction markets answer.
   */
  get polymarket(): PolymarketClient | undefined {
    const env = {
      ...this.env,
      POLYMARKET_GAMMA_API_URL: this.env.POLYMARKET_GAMMA_API_URL ?? POLYMARKET_DEFAULT_URLS.gamma,
    };
    if (providerAccess(this.mode, POLYMARKET_SETTINGS.gamma, env).kind === 'sandbox') return undefined;
    return this.#once(POLYMARKET_SETTINGS.gamma, () => {
      const url = (api: keyof typeof POLYMARKET_SETTINGS) =>
        this.env[POLYMARKET_SETTINGS[api].setting] ?? POLYMARKET_DEFAULT_URLS[api];
      return new PolymarketClient({ gamma: url('gamma'), data: url('data'), clob: url('clob') });
    });
  }

  /** ChangeNOW API v2 (the bridge tools), with its partner key; undefined in sandbox mode (the sandbox operator answers). */
  get changenow(): ChangeNowClient | undefined {
    return this.#liveClient(CHANGENOW_SETTING, (key) => new ChangeNowClient(key, this.env.CHANGENOW_API_URL));
  }

  /** Relay (the router tools): public, so live mode needs no setting (RELAY_API_KEY raises its limits); undefined in sandbox mode. */
  get relay(): RelayClient | undefined {
    const env = { ...this.env, RELAY_API_URL: this.env.RELAY_API_URL ?? RELAY_DEFAULT_URL };
    const access = providerAccess(this.mode, RELAY_SETTING, env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(RELAY_SETTING, () => new RelayClient(access.credential, this.env.RELAY_API_KEY));
  }

  #liveClient<T>(setting: ProviderSetting, make: (credential: string) => T): T | undefined {
    const access = providerAccess(this.mode, setting, this.env);
    if (access.kind === 'sandbox') return undefined;
    return this.#once(setting, () => make(access.credential));
  }

  #keyedOrPaid<T>(setting: ProviderSetting, offer: X402Offer, make: (auth: ProviderAuth) => T): T | undefined {
    const auth = providerAuth(this.mode, setting, this.env, offer, this.payer);
    return auth && this.#once(setting, () => make(auth));
  }

  #once<T>(setting: ProviderSetting, make: () => T): T {
    if (!this.#live.has(setting.setting)) this.#live.set(setting.setting, make());
    return this.#live.get(setting.setting) as T;
  }
}

/** Providers that all simulate, whatever the environment (tests). */
export const sandboxProviders = () => new Providers('sandbox', {});
