import type { FacilitatorClient } from '@x402/core/server';
import { loadConfig } from '@svc/config';
import type { Db } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { pglite } from './harness.js';

/** A facilitator that no longer answers (its host is down). */
const unreachable: FacilitatorClient = {
  verify: () => Promise.reject(new Error('connect ECONNREFUSED')),
  settle: () => Promise.reject(new Error('connect ECONNREFUSED')),
  getSupported: () => Promise.reject(new Error('connect ECONNREFUSED')),
};

let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  db = await pglite.open();
  // METRICS_TOKEN unset: /metrics is open.
  app = await buildApp(loadConfig({ SVC_MODE: 'sandbox', LOG_LEVEL: 'silent' }), { db, facilitator: unreachable });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

it('/ready answers 503 naming the facilitator that does not answer, while /health stays 200', async () => {
  const ready = await app.inject({ method: 'GET', url: '/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.headers['cache-control']).toBe('no-store');
  expect(ready.json()).toMatchObject({
    status: 'not_ready',
    database: { kind: 'pglite', ok: true },
    facilitator: { ok: false, error: 'connect ECONNREFUSED' },
  });
  expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
});

it('without METRICS_TOKEN /metrics is open, and its own scrapes are not counted', async () => {
  await app.inject({ method: 'GET', url: '/metrics' });
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
  expect(res.body).toContain('# TYPE svc_tool_calls_total counter');
  expect(res.body).not.toContain('route="/metrics"');
  // Read when scraped: the providers' calls and breakers, the outbox and order counts (this database's).
  expect(res.body).toContain('svc_upstream_calls_total{provider="Jupiter",result="ok"} 0');
  expect(res.body).toContain('svc_upstream_breaker_state{provider="Jupiter",state="closed"} 1');
  expect(res.body).toContain('svc_webhook_outbox{state="dead"} 0');
  expect(res.body).toContain('svc_conditional_order_engine_lag_seconds 0');
});
