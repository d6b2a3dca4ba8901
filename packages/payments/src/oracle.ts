import { notConfigured, ServiceError } from '@svc/contracts';
import type { OracleSymbol } from './tokens.js';

/** USD prices of the volatile payment tokens at one instant. Prices are decimal strings. */
export interface PriceSnapshot {
  readonly prices: Readonly<Record<OracleSymbol, string>>;
  readonly asOf: number;
}

export interface PriceOracle {
  /** The current snapshot; implementations cache, so calling it per request is cheap. */
  snapshot(): Promise<PriceSnapshot>;
}

/**
 * Sandbox oracle: deterministic seeded prices (STX 0.65 USD, BTC 97,000 USD unless set), so 402 amounts are
 * reproducible in tests. `set` moves a price (the sandbox market control uses it).
 */
export class SandboxPriceOracle implements PriceOracle {
  #current: PriceSnapshot;

  constructor(
    prices: Partial<Record<OracleSymbol, string>> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.#current = { prices: { STX: '0.65', BTC: '97000', ...prices }, asOf: now() };
  }

  async snapshot(): Promise<PriceSnapshot> {
    return this.#current;
  }

  set(symbol: OracleSymbol, usd: string): void {
    this.#current = { prices: { ...this.#current.prices, [symbol]: usd }, asOf: this.now() };
  }
}

const COINGECKO_IDS: Record<OracleSymbol, string> = { STX: 'blockstack', BTC: 'bitcoin' };

/**
 * Live oracle over a CoinGecko-compatible `/simple/price` endpoint (`PRICE_ORACLE_URL`, optional
 * `PRICE_ORACLE_API_KEY` sent as `x-cg-pro-api-key`). Caches a snapshot for `ttlMs`; one fetch serves all
 * concurrent callers.
 */
export class HttpPriceOracle implements PriceOracle {
  #cached: PriceSnapshot | undefined;
  #pending: Promise<PriceSnapshot> | undefined;

  constructor(
    private readonly options: {
      url: string | undefined;
      apiKey?: string | undefined;
      ttlMs?: number;
      fetch?: typeof fetch;
    },
  ) {}

  async snapshot(): Promise<PriceSnapshot> {
    const ttl = this.options.ttlMs ?? 60_000;
    if (this.#cached && Date.now() - this.#cached.asOf < ttl) return this.#cached;
    this.#pending ??= this.#fetch().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  async #fetch(): Promise<PriceSnapshot> {
    const { url, apiKey } = this.options;
    if (!url) throw notConfigured('PRICE_ORACLE_URL', 'The price oracle for STX and sBTC payments');
    const endpoint = `${url.replace(/\/$/, '')}/simple/price?ids=${Object.values(COINGECKO_IDS).join(',')}&vs_currencies=usd&precision=full`;
    const response = await (this.options.fetch ?? fetch)(endpoint, {
      headers: apiKey ? { 'x-cg-pro-api-key': apiKey } : {},
      signal: AbortSignal.timeout(5_000),
    }).catch((cause: unknown) => {
      throw new ServiceError(
        'not_configured',
        `The price oracle at PRICE_ORACLE_URL did not answer: ${String(cause)}`,
        { extra: { setting: 'PRICE_ORACLE_URL' }, cause },
      );
    });
    if (!response.ok)
      throw new ServiceError('not_configured', `The price oracle answered HTTP ${response.status}.`, {
        extra: { setting: 'PRICE_ORACLE_URL' },
      });
    const body = (await response.json()) as Record<string, { usd?: number }>;
    const price = (symbol: OracleSymbol) => {
      const usd = body[COINGECKO_IDS[symbol]]?.usd;
      if (typeof usd !== 'number' || !(usd > 0))
        throw new ServiceError('not_configured', `The price oracle returned no USD price for ${symbol}.`, {
          extra: { setting: 'PRICE_ORACLE_URL' },
        });
      return usd.toFixed(12).replace(/0+$/, '').replace(/\.$/, '');
    };
    this.#cached = { prices: { STX: price('STX'), BTC: price('BTC') }, asOf: Date.now() };
    return this.#cached;
  }
}
