// Rate limits: per client IP for everything unpaid (402 challenges, discovery, sign-in, account routes), per account
// on MCP and A2A (after authentication). Counted by @fastify/rate-limit, in Redis when REDIS_URL is set (every
// instance counts against the same limits) and in this process's memory otherwise.
//
// Paid calls are never refused once their payment settled: the limit is decided in onRequest, before any payment
// work, and a POST carrying PAYMENT-SIGNATURE is neither counted nor refused at all (a retry of a settled payment
// replays its answer whatever the client's unpaid budget). Its cost is bounded by the payment's verification.
import fastifyRateLimit from '@fastify/rate-limit';
import { ServiceError } from '@svc/contracts';
import type { Config } from '@svc/config';
import type { CredentialResolver } from '@svc/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

const WINDOW_MS = 60_000;
/** Probes of load balancers and monitors, never limited. */
const EXEMPT_PATHS = new Set(['/health', '/ready', '/metrics']);
/** Limited per account after authentication, not per IP. */
const ACCOUNT_LIMITED_PATHS = new Set(['/api/mcp', '/api/a2a']);
const PAYMENT_HEADER = 'payment-signature';

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers) and Retry-After on a refusal. */
type RateLimitHeaders = Record<string, string>;

/** 429 `rate_limited`: the headers go on whichever transport's answer carries it (REST problem, MCP, A2A). */
export class RateLimited extends ServiceError {
  constructor(
    readonly headers: RateLimitHeaders,
    what: string,
    retryAfterSeconds: number,
  ) {
    super('rate_limited', `Too many requests ${what}: retry in ${retryAfterSeconds} s.`, {
      extra: { retryAfterSeconds },
    });
  }
}

type Purpose = 'ip' | 'account';
interface Count {
  readonly headers: RateLimitHeaders;
  readonly exceeded: boolean;
  readonly retryAfterSeconds: number;
}

/** The limit keys: what createRateLimit's key generator reads (it is given this, not a request). */
interface LimitKey {
  readonly rateLimitKey: string;
  readonly routeOptions: { readonly config: Record<string, never> };
}

export interface RateLimits {
  /** Counts one request on MCP or A2A for `accountId`; throws RateLimited once it is over its budget. */
  account(accountId: string): Promise<void>;
}

/**
 * Registers the per-IP limit (an onRequest hook on every route) and the headers of every refusal; returns the
 * per-account limit the MCP and A2A credentials go through (`accountRateLimited`). Call it before any route.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<RateLimits> {
  const { unpaidPerMinute, accountPerMinute, redisUrl, redisKeyPrefix } = config.rateLimits;
  const redis = redisUrl ? await connectRedis(app, redisUrl) : undefined;
  const max: Record<Purpose, number> = { ip: unpaidPerMinute, account: accountPerMinute };
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: WINDOW_MS,
    max: (_request, key) => max[key.split(':')[0] as Purpose],
    keyGenerator: (request) => (request as unknown as LimitKey).rateLimitKey,
    // A Redis outage lets requests through (logged by the client's error handler) rather than refusing every one.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${redisKeyPrefix}rate-limit:` } : {}),
  });
  const check = app.createRateLimit();

  async function count(purpose: Purpose, key: string): Promise<Count | undefined> {
    if (max[purpose] === 0) return undefined;
    const limitKey: LimitKey = { rateLimitKey: `${purpose}:${key}`, routeOptions: { config: {} } };
    const outcome = await check(limitKey as unknown as FastifyRequest);
    if (outcome.isAllowed) return undefined;
    const headers: RateLimitHeaders = {
      'ratelimit-limit': String(outcome.max),
      'ratelimit-remaining': String(outcome.remaining),
      'ratelimit-reset': String(outcome.ttlInSeconds),
    };
    if (outcome.isExceeded) headers['retry-after'] = String(outcome.ttlInSeconds);
    return { headers, exceeded: outcome.isExceeded, retryAfterSeconds: outcome.ttlInSeconds };
  }

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method === 'OPTIONS' || EXEMPT_PATHS.has(path) || ACCOUNT_LIMITED_PATHS.has(path)) return;
    if (request.method === 'POST' && request.headers[PAYMENT_HEADER] !== undefined) return;
    const counted = await count('ip', request.ip);
    if (!counted) return;
    reply.headers(counted.headers);
    if (counted.exceeded) throw new RateLimited(counted.headers, 'from this address', counted.retryAfterSeconds);
  });
  // Every transport's error handler answers the refusal; this puts its headers on the answer first.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimited) reply.headers(error.headers);
  });

  return {
    async account(accountId) {
      const counted = await count('account', accountId);
      if (counted?.exceeded) throw new RateLimited(counted.headers, 'for this account', counted.retryAfterSeconds);
    },
  };
}

/** The credentials of MCP and A2A, each authenticated request counted against its account's limit. */
export function accountRateLimited(
  credentials: Pick<CredentialResolver, 'resolve'>,
  limits: RateLimits,
): Pick<CredentialResolver, 'resolve'> {
  return {
    async resolve(headers) {
      const credential = await credentials.resolve(headers);
      await limits.account(credential.accountId);
      return credential;
    },
  };
}

/** Connects at start, so a wrong REDIS_URL stops the gateway; later outages fail open (see skipOnError). */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // No offline queue: while the connection is down a count fails at once instead of holding the request.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) app.log.warn({ err: error }, 'Redis (rate limits) unreachable: requests are not counted');
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  await redis.connect().catch((error: unknown) => {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot connect (${error instanceof Error ? error.message : String(error)})`);
  });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redis;
}
