import { timingSafeEqual } from 'node:crypto';
import { ServiceError } from '@svc/contracts';
import type { Db } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import type { GatewayMetrics } from './gateway-metrics.js';
import { registerStateGauges } from './state-gauges.js';

export interface ObservabilityOptions {
  readonly db: Db;
  readonly metrics: GatewayMetrics;
  /** METRICS_TOKEN: when set, `/metrics` wants it as a bearer token. */
  readonly token: string | undefined;
}

/** The operator routes' own paths: their requests are not counted (a scraper would count itself). */
const UNCOUNTED = new Set(['/metrics', '/health', '/ready']);

/** Counts every HTTP request by route pattern, and serves `/metrics` (Prometheus text). */
export function registerMetrics(app: FastifyInstance, { db, metrics, token }: ObservabilityOptions): void {
  registerStateGauges(metrics, db);
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL (unbounded labels); a request no route matched is `unmatched`.
    const route = request.routeOptions.url ?? 'unmatched';
    if (UNCOUNTED.has(route)) return;
    const { method } = request;
    metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
  const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new ServiceError(
          request.headers.authorization ? 'credentials_invalid' : 'credentials_required',
          'METRICS_TOKEN is set: send it as Authorization: Bearer <METRICS_TOKEN>.',
        );
      }
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
