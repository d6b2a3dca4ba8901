import { ServiceError } from '@svc/contracts';
import {
  BrokenCircuitError,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  DelegateBackoff,
  handleType,
  type IPolicy,
  type IRetryBackoffContext,
  noop,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from 'cockatiel';
import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import type { z } from 'zod';
import type { UpstreamLimitOverride, UpstreamProvider } from './limits.js';
import { type Provenance, recordRead } from './provenance.js';

/** A provider failed us (unreachable, 5xx, refused our request, or answered something unreadable): 502 for the caller. */
export const upstreamError = (provider: string, detail: string, extra: Record<string, unknown> = {}, cause?: unknown) =>
  new ServiceError('upstream_error', `${provider} failed: ${detail}. Try again shortly.`, {
    extra: { provider, ...extra },
    cause,
  });

/** A provider's document checked against the fields we use; another shape is the provider's failure (502), never guessed at. */
export function parseUpstream<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  provider: string,
  what: string,
): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success)
    throw upstreamError(
      provider,
      `answered an unexpected ${what} document (${result.error.issues[0]?.message ?? 'invalid'})`,
    );
  return result.data;
}

export interface UpstreamRequest {
  readonly url: URL;
  /** GET unless a body is sent, then POST. */
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /**
   * May this request be sent again after a failure? GETs always may; a POST only when the caller says so (it builds
   * something without changing anything upstream). Non-idempotent requests are sent once, whatever happens.
   */
  readonly idempotent?: boolean;
  /** How long an identical GET's answer may be reused; absent or 0: only concurrent identical GETs share one fetch. */
  readonly cacheTtlMs?: number;
  /**
   * Sends the request instead of the client's fetch: the upstream payer's, for a provider paid per call over x402.
   * Each attempt through it may pay, so such a request is sent once, never retried.
   */
  readonly fetch?: typeof fetch;
}

/** A call of an SDK run under a provider's policies (`UpstreamClient.run`). */
export interface UpstreamTask {
  /** What the call is, for error messages: an RPC method, an SDK operation. */
  readonly what: string;
  /** May the call be attempted again after a transient failure (a read, or a write the provider deduplicates)? */
  readonly idempotent: boolean;
  /**
   * Is this error of the SDK's a transient failure of the provider (429, 5xx, unreachable)? `true`, or the HTTP
   * status and Retry-After when the SDK exposes them; anything falsy passes the error through unchanged.
   */
  readonly isTransient: (error: unknown) => TransientSignal | false | undefined;
  /** One attempt's budget, when the call needs another than the client's. */
  readonly timeoutMs?: number;
}

/** What an SDK's error says about a transient failure. */
export type TransientSignal = true | { readonly upstreamStatus?: number; readonly retryAfterMs?: number };

/** What a provider answered (any status the caller interprets: 2xx, 3xx, 4xx), and where and when it came from. */
export interface UpstreamAnswer extends Provenance {
  readonly status: number;
  readonly ok: boolean;
  readonly text: string;
}

/** The answer's body as JSON; a body that is not JSON is the provider's failure. */
export function jsonOf(answer: UpstreamAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch (error) {
    throw upstreamError(answer.source, 'answered a body that is not JSON', { upstreamStatus: answer.status }, error);
  }
}

/** The answer's body as JSON, or undefined when it is not JSON (error bodies that may or may not explain themselves). */
export function jsonOrUndefined(answer: UpstreamAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return undefined;
  }
}

/** How hard the client tries; the defaults suit a tool call that a caller is waiting on. */
export interface UpstreamPolicyOptions {
  /** One attempt's budget, from the moment it leaves the queue to the end of its body. */
  readonly timeoutMs: number;
  /** Retries after the first attempt (idempotent requests only). */
  readonly retries: number;
  /** The first backoff; each further one doubles, with full jitter. */
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  /** A Retry-After longer than this is not waited for: the call fails now rather than hold its caller. */
  readonly maxRetryAfterMs: number;
  /** Consecutive failures that open the breaker. */
  readonly breakerThreshold: number;
  /** How long an open breaker refuses calls before letting one probe through (half-open). */
  readonly halfOpenAfterMs: number;
  /** Distinct cached answers kept per provider. */
  readonly cacheEntries: number;
}

export const DEFAULT_UPSTREAM_POLICY: UpstreamPolicyOptions = {
  // Three attempts of 8 s plus backoff stay inside the gateway's 30 s request timeout.
  timeoutMs: 8_000,
  retries: 2,
  backoffBaseMs: 200,
  backoffMaxMs: 2_000,
  maxRetryAfterMs: 5_000,
  breakerThreshold: 5,
  halfOpenAfterMs: 30_000,
  cacheEntries: 500,
};

/** A 429, a 5xx, a timeout or a network failure: worth retrying (when idempotent), and counted by the breaker. */
class TransientFailure extends Error {
  constructor(
    readonly detail: string,
    readonly extra: { readonly upstreamStatus?: number; readonly timeoutMs?: number },
    readonly retryAfterMs?: number,
    cause?: unknown,
  ) {
    super(detail, { cause });
  }
}

const isTransientStatus = (status: number) => status === 429 || status >= 500;

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 section 10.2.3). */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The breaker of one provider as operators see it. */
export interface UpstreamHealth {
  readonly provider: string;
  readonly breaker: 'closed' | 'open' | 'half-open' | 'isolated';
  /** Requests waiting for a slot under the rate or concurrency cap, and requests in flight. */
  readonly queued: number;
  readonly inFlight: number;
}

/** Calls through one provider's policies that ended since its client was created, and those that ended in an error. */
export interface UpstreamUsage {
  readonly provider: string;
  readonly calls: number;
  readonly failures: number;
}

const BREAKER_STATES: Record<CircuitState, UpstreamHealth['breaker']> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'isolated',
};

/**
 * The one way the service calls a third party. Each provider gets one client, so its breaker, caps and cache are
 * shared by every tool that reads it. The policies, outermost first: cache and in-flight coalescing (cached GETs),
 * retry with backoff (idempotent requests), circuit breaker, rate and concurrency cap, per-attempt timeout.
 */
export class UpstreamClient {
  readonly provider: string;
  readonly #options: UpstreamPolicyOptions;
  readonly #fetch: typeof fetch;
  readonly #breaker: CircuitBreakerPolicy;
  readonly #retry: IPolicy;
  readonly #queue: PQueue;
  readonly #cache: LRUCache<string, UpstreamAnswer>;
  readonly #inFlight = new Map<string, Promise<UpstreamAnswer>>();
  #calls = 0;
  #failures = 0;

  constructor(
    provider: UpstreamProvider,
    overrides: UpstreamLimitOverride = {},
    options: Partial<UpstreamPolicyOptions> & { readonly fetch?: typeof fetch } = {},
  ) {
    this.provider = provider.name;
    this.#options = { ...DEFAULT_UPSTREAM_POLICY, ...options };
    // Looked up per call, so a test's undici MockAgent (set as the global dispatcher) is what answers.
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.#queue = new PQueue({
      concurrency: overrides.concurrency ?? provider.concurrency,
      ...rateWindow(overrides.rps ?? provider.rps),
    });
    this.#cache = new LRUCache({ max: this.#options.cacheEntries });
    this.#breaker = circuitBreaker(handleType(TransientFailure), {
      halfOpenAfter: this.#options.halfOpenAfterMs,
      breaker: new ConsecutiveBreaker(this.#options.breakerThreshold),
    });
    const { backoffBaseMs, backoffMaxMs, maxRetryAfterMs } = this.#options;
    this.#retry =
      this.#options.retries === 0
        ? noop
        : retry(
            handleType(
              TransientFailure,
              (failure) => failure.retryAfterMs === undefined || failure.retryAfterMs <= maxRetryAfterMs,
            ),
            {
              maxAttempts: this.#options.retries,
              backoff: new DelegateBackoff((context: IRetryBackoffContext<unknown>) => {
                const failure = 'error' in context.result ? context.result.error : undefined;
                if (failure instanceof TransientFailure && failure.retryAfterMs !== undefined)
                  return failure.retryAfterMs;
                return Math.random() * Math.min(backoffMaxMs, backoffBaseMs * 2 ** (context.attempt - 1));
              }),
            },
          );
  }

  /** Sends one request through the provider's policies. Resolves any status but 429 and 5xx, which throw 502 once retries are spent. */
  async request(request: UpstreamRequest): Promise<UpstreamAnswer> {
    const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
    if (method !== 'GET') return this.#send(request, method);
    const key = cacheKey(request);
    const cached = this.#cache.get(key);
    if (cached) return recorded(cached);
    const pending = this.#inFlight.get(key);
    if (pending) return recorded(await pending);
    const fetching = this.#send(request, method).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, fetching);
    const answer = await fetching;
    if (request.cacheTtlMs) this.#cache.set(key, answer, { ttl: request.cacheTtlMs });
    return answer;
  }

  /** GET a JSON document: undefined on 404 (each client decides what "missing" means); any other non-2xx is a 502. */
  async getJson(
    url: URL,
    options: { readonly headers?: Readonly<Record<string, string>>; readonly cacheTtlMs?: number } = {},
  ): Promise<unknown> {
    const answer = await this.request({
      url,
      headers: { accept: 'application/json', ...options.headers },
      ...(options.cacheTtlMs ? { cacheTtlMs: options.cacheTtlMs } : {}),
    });
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw this.statusError(answer, `GET ${url.pathname}`);
    return jsonOf(answer);
  }

  /** The 502 for an answer the caller cannot use. */
  statusError(answer: UpstreamAnswer, what: string): ServiceError {
    return upstreamError(this.provider, `answered HTTP ${answer.status} to ${what}`, { upstreamStatus: answer.status });
  }

  /** Calls (retries not counted apart) and failed calls so far, for the metrics. */
  usage(): UpstreamUsage {
    return { provider: this.provider, calls: this.#calls, failures: this.#failures };
  }

  health(): UpstreamHealth {
    return {
      provider: this.provider,
      breaker: BREAKER_STATES[this.#breaker.state],
      queued: this.#queue.size,
      inFlight: this.#queue.pending,
    };
  }

  /**
   * Runs one call of an SDK that has no fetch hook (a gRPC client, a transport wrapper) under this provider's
   * policies. `isTransient` picks the SDK's errors that are the provider's transient failures (retried when the call
   * is idempotent, counted by the breaker); any other error is the call's own answer and passes through unchanged.
   */
  async run<T>(task: (signal: AbortSignal) => Promise<T>, options: UpstreamTask): Promise<T> {
    try {
      const value = await this.#execute(options.idempotent, options.timeoutMs, async (signal) => {
        try {
          return await task(signal);
        } catch (error) {
          const transient = options.isTransient(error);
          if (!transient) throw error;
          const { upstreamStatus, retryAfterMs } = transient === true ? {} : transient;
          throw new TransientFailure(
            error instanceof Error ? error.message : String(error),
            upstreamStatus === undefined ? {} : { upstreamStatus },
            retryAfterMs,
            error,
          );
        }
      });
      recordRead(this.provider);
      return value;
    } catch (error) {
      throw this.#failure(error, options.what);
    }
  }

  async #send(request: UpstreamRequest, method: 'GET' | 'POST'): Promise<UpstreamAnswer> {
    const idempotent = request.fetch === undefined && (method === 'GET' || request.idempotent === true);
    try {
      return recorded(await this.#execute(idempotent, undefined, (signal) => this.#fetchOnce(request, method, signal)));
    } catch (error) {
      throw this.#failure(error, `${method} ${request.url.pathname}`);
    }
  }

  /** One call through the policies: retry (idempotent only), breaker, rate and concurrency cap, per-attempt timeout. */
  #execute<T>(idempotent: boolean, timeoutMs: number | undefined, attempt: (signal: AbortSignal) => Promise<T>) {
    const policy = idempotent ? wrap(this.#retry, this.#breaker) : this.#breaker;
    // Counted when they end, so calls minus failures only grows (the metrics' ok count).
    return policy
      .execute(() =>
        this.#queue.add(() => this.#withTimeout(timeoutMs ?? this.#options.timeoutMs, attempt), {
          throwOnTimeout: true,
        }),
      )
      .then(
        (value) => {
          this.#calls++;
          return value;
        },
        (error: unknown) => {
          this.#calls++;
          this.#failures++;
          throw error;
        },
      );
  }

  async #withTimeout<T>(timeoutMs: number, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await timeout(timeoutMs, TimeoutStrategy.Aggressive).execute(({ signal }) => attempt(signal));
    } catch (error) {
      if (error instanceof TaskCancelledError)
        throw new TransientFailure(`did not answer within ${timeoutMs} ms`, { timeoutMs }, undefined, error);
      throw error;
    }
  }

  async #fetchOnce(request: UpstreamRequest, method: 'GET' | 'POST', signal: AbortSignal): Promise<UpstreamAnswer> {
    let response: Response;
    try {
      response = await (request.fetch ?? this.#fetch)(request.url, {
        method,
        ...(request.headers ? { headers: { ...request.headers } } : {}),
        ...(request.body === undefined ? {} : { body: request.body }),
        signal,
      });
    } catch (error) {
      // The upstream payer's refusals (budget spent, a price above the cap) are the call's answer, not an outage.
      if (error instanceof ServiceError) throw error;
      throw new TransientFailure(
        `unreachable (${error instanceof Error ? error.message : String(error)})`,
        {},
        undefined,
        error,
      );
    }
    const text = await response.text();
    if (isTransientStatus(response.status)) {
      throw new TransientFailure(
        `answered HTTP ${response.status}`,
        { upstreamStatus: response.status },
        retryAfterMsOf(response.headers.get('retry-after')),
      );
    }
    return { status: response.status, ok: response.ok, text, source: this.provider, asOf: new Date().toISOString() };
  }

  #failure(error: unknown, what: string): unknown {
    if (error instanceof BrokenCircuitError) {
      return upstreamError(
        this.provider,
        `has failed repeatedly, so calls to it are paused for up to ${Math.round(this.#options.halfOpenAfterMs / 1000)} s`,
        { breaker: 'open' },
        error,
      );
    }
    if (error instanceof TransientFailure)
      return upstreamError(this.provider, `${error.detail} (${what})`, error.extra, error.cause ?? error);
    return error;
  }
}

/** The answer, noted as a read of the tool answer being built. */
function recorded(answer: UpstreamAnswer): UpstreamAnswer {
  recordRead(answer.source, answer.asOf);
  return answer;
}

/** Identical reads: same URL and same headers (a different API key may see different data). */
const cacheKey = (request: UpstreamRequest) =>
  `${request.url.href}\n${Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name.toLowerCase()}:${value}`)
    .sort()
    .join('\n')}`;

/**
 * p-queue's fixed window for a rate: whole requests per second, or one request per 1/rps seconds below 1 rps; an
 * infinite rate (our own sandbox facades) has no window.
 */
function rateWindow(rps: number): { intervalCap?: number; interval?: number } {
  if (!Number.isFinite(rps)) return {};
  return rps >= 1
    ? { intervalCap: Math.floor(rps), interval: 1000 }
    : { intervalCap: 1, interval: Math.ceil(1000 / rps) };
}
