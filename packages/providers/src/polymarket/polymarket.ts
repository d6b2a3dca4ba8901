import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import { jsonOrUndefined, parseUpstream, upstreamError } from '../upstream/upstream-client.js';

/**
 * Polymarket's public APIs (no key): Gamma for events, tags and search, the Data API for positions, the CLOB (V2
 * since 2026-04-28) for order books, API credentials and orders. Each base URL has a setting that moves it (a mirror,
 * a test server); live mode always reaches them.
 */
export const POLYMARKET_SETTINGS = {
  gamma: { provider: 'Polymarket Gamma API', setting: 'POLYMARKET_GAMMA_API_URL' },
  data: { provider: 'Polymarket Data API', setting: 'POLYMARKET_DATA_API_URL' },
  clob: { provider: 'Polymarket CLOB', setting: 'POLYMARKET_CLOB_API_URL' },
} as const satisfies Record<string, ProviderSetting>;

export const POLYMARKET_DEFAULT_URLS = {
  gamma: 'https://gamma-api.polymarket.com',
  data: 'https://data-api.polymarket.com',
  clob: 'https://clob.polymarket.com',
} as const;

export type PolymarketUrls = { readonly [K in keyof typeof POLYMARKET_DEFAULT_URLS]: string };

// Events and tags change by the minute; a short reuse spares repeated identical reads.
const LISTING_TTL_MS = 15_000;

const record = z.record(z.string(), z.unknown());
const records = z.array(record);
const level = z.object({ price: z.string(), size: z.string() });
const book = z.object({ bids: z.array(level), asks: z.array(level) });
const negRisk = z.object({ neg_risk: z.boolean() });
const tickSize = z.object({ minimum_tick_size: z.union([z.number(), z.string()]).transform(Number) });
const credentials = z.object({ apiKey: z.string(), secret: z.string(), passphrase: z.string() });
const balance = z.object({
  balance: z.string(),
  allowance: z.string().optional(),
  allowances: z.record(z.string(), z.string()).optional(),
});
const orderAnswer = z
  .object({ success: z.boolean(), errorMsg: z.string().optional(), orderID: z.string().optional() })
  .passthrough();

export type PolymarketBook = z.output<typeof book>;
export type ClobCredentials = z.output<typeof credentials>;
export type ClobOrderAnswer = z.output<typeof orderAnswer>;
type Query = Readonly<Record<string, string | number | boolean | undefined>>;

export interface GammaEventsQuery {
  readonly limit: number;
  readonly offset: number;
  readonly order: string;
  readonly ascending: boolean;
  readonly tagId?: number | undefined;
  readonly featured?: boolean | undefined;
}

export interface DataPositionsQuery {
  readonly limit: number;
  readonly offset: number;
  readonly sortBy: string;
  readonly sortDirection: 'ASC' | 'DESC';
}

export class PolymarketClient {
  constructor(private readonly urls: PolymarketUrls = POLYMARKET_DEFAULT_URLS) {}

  /** Gamma `GET /events`: open events only (`active=true&closed=false`), sorted and paged. */
  events(query: GammaEventsQuery) {
    return this.#get('gamma', '/events', records, 'events', {
      active: true,
      closed: false,
      limit: query.limit,
      offset: query.offset,
      order: query.order,
      ascending: query.ascending,
      tag_id: query.tagId,
      featured: query.featured,
    });
  }

  /** Gamma `GET /tags`. */
  tags() {
    return this.#get('gamma', '/tags', records, 'tags');
  }

  /** Gamma `GET /public-search`: events (and tags, profiles) matching `q`. */
  search(q: string, page: number, eventsStatus: string) {
    return this.#get('gamma', '/public-search', record, 'search', {
      q,
      page,
      events_status: eventsStatus,
      limit_per_type: 10,
    });
  }

  /** Gamma `GET /events/slug/{slug}`; undefined when Gamma has no such event (404). */
  async eventBySlug(slug: string): Promise<Record<string, unknown> | undefined> {
    const url = this.#url('gamma', `/events/slug/${encodeURIComponent(slug)}`);
    const client = upstreamClient('polymarket');
    const answer = await client.request({ url, headers: { accept: 'application/json' }, cacheTtlMs: LISTING_TTL_MS });
    if (answer.status === 404) return undefined;
    if (!answer.ok)
      throw upstreamError(client.provider, `answered HTTP ${answer.status} to the event request`, {
        upstreamStatus: answer.status,
      });
    return parseUpstream(record, jsonOrUndefined(answer), client.provider, 'event');
  }

  /** Gamma `GET /markets?condition_ids=`: the market of a condition, if Gamma lists it. */
  async marketByCondition(conditionId: string): Promise<Record<string, unknown> | undefined> {
    const markets = await this.#get('gamma', '/markets', records, 'markets', { condition_ids: conditionId });
    return markets[0];
  }

  /** Data API `GET /positions?user=`: the positions the address holds. */
  positions(user: string, query: DataPositionsQuery) {
    return this.#get('data', '/positions', records, 'positions', {
      user,
      limit: query.limit,
      offset: query.offset,
      sortBy: query.sortBy,
      sortDirection: query.sortDirection,
    });
  }

  /** CLOB `GET /book?token_id=`: the order book of one outcome token (never cached: orders are priced on it). */
  book(tokenId: string) {
    return this.#get('clob', '/book', book, 'order book', { token_id: tokenId }, 0);
  }

  /** CLOB `GET /neg-risk?token_id=`: is the token's market a neg-risk market (another exchange contract)? */
  async negRisk(tokenId: string): Promise<boolean> {
    return (await this.#get('clob', '/neg-risk', negRisk, 'neg-risk', { token_id: tokenId })).neg_risk;
  }

  /** CLOB `GET /tick-size?token_id=`: the market's price tick (0.1, 0.01, 0.001 or 0.0001). */
  async tickSize(tokenId: string): Promise<number> {
    return (await this.#get('clob', '/tick-size', tickSize, 'tick size', { token_id: tokenId })).minimum_tick_size;
  }

  /** CLOB `GET /auth/derive-api-key` with L1 headers: the API credentials of the signing address. */
  deriveApiKey(l1Headers: Readonly<Record<string, string>>) {
    return upstreamJson(upstreamClient('polymarket'), {
      url: this.#url('clob', '/auth/derive-api-key'),
      headers: l1Headers,
      schema: credentials,
      what: 'API key derivation',
    });
  }

  /** CLOB `POST /auth/api-key` with L1 headers: creates the address's API credentials (first use). */
  createApiKey(l1Headers: Readonly<Record<string, string>>) {
    return upstreamJson(upstreamClient('polymarket'), {
      url: this.#url('clob', '/auth/api-key'),
      headers: l1Headers,
      body: {},
      schema: credentials,
      what: 'API key creation',
    });
  }

  /**
   * CLOB `GET /balance-allowance` with L2 headers: the collateral (or one token's) balance the exchange sees, and the
   * allowance it may spend (`allowance`, or the largest of V2's per-contract `allowances`; undefined when not stated).
   */
  async balance(
    path: string,
    l2Headers: Readonly<Record<string, string>>,
  ): Promise<{ balance: bigint; allowance: bigint | undefined }> {
    const answer = await upstreamJson(upstreamClient('polymarket'), {
      url: new URL(`${this.urls.clob.replace(/\/$/, '')}${path}`),
      headers: l2Headers,
      schema: balance,
      what: 'balance',
    });
    const allowances = [answer.allowance, ...Object.values(answer.allowances ?? {})].flatMap((value) =>
      value === undefined ? [] : [BigInt(value)],
    );
    return {
      balance: BigInt(answer.balance),
      allowance: allowances.length > 0 ? allowances.reduce((a, b) => (a > b ? a : b)) : undefined,
    };
  }

  /**
   * CLOB `POST /order` with L2 headers: sent exactly once, never retried (an order must not be placed twice). A
   * refusal (HTTP 4xx, or `success: false`) is a 502 carrying the CLOB's message.
   */
  async postOrder(body: string, l2Headers: Readonly<Record<string, string>>): Promise<ClobOrderAnswer> {
    const client = upstreamClient('polymarket');
    const answer = await client.request({
      url: this.#url('clob', '/order'),
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...l2Headers },
      body,
      idempotent: false,
    });
    const raw = jsonOrUndefined(answer);
    const said = (raw as { error?: unknown; errorMsg?: unknown } | undefined) ?? {};
    const message =
      typeof said.error === 'string' ? said.error : typeof said.errorMsg === 'string' ? said.errorMsg : '';
    if (!answer.ok)
      throw upstreamError(client.provider, `refused the order: HTTP ${answer.status} ${message.slice(0, 200)}`, {
        upstreamStatus: answer.status,
      });
    const parsed = parseUpstream(orderAnswer, raw, client.provider, 'order');
    if (!parsed.success) throw upstreamError(client.provider, `refused the order: ${message.slice(0, 200)}`);
    return parsed;
  }

  /** The path and query of a CLOB request, as its L2 signature covers them. */
  clobPath(path: string, query: Query = {}): string {
    const url = this.#url('clob', path, query);
    return `${url.pathname}${url.search}`;
  }

  #url(api: keyof PolymarketUrls, path: string, query: Query = {}): URL {
    const url = new URL(`${this.urls[api].replace(/\/$/, '')}${path}`);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url;
  }

  #get<S extends z.ZodType>(
    api: keyof PolymarketUrls,
    path: string,
    schema: S,
    what: string,
    query: Query = {},
    cacheTtlMs = LISTING_TTL_MS,
  ): Promise<z.output<S>> {
    return upstreamJson(upstreamClient('polymarket'), {
      url: this.#url(api, path, query),
      headers: {},
      schema,
      what,
      ...(cacheTtlMs ? { cacheTtlMs } : {}),
    });
  }
}
