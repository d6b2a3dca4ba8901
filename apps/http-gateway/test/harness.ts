import type { Db } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

export const BASE_URL = 'http://127.0.0.1:8402';

export interface Harness {
  readonly app: FastifyInstance;
  readonly db: Db;
}

/** Start the real gateway (fastify.inject) on a fresh database of the given backend, for one test file. */
export function useGateway(backend: ReturnType<typeof testBackends>[number], env: Record<string, string> = {}): Harness {
  const harness = {} as { app: FastifyInstance; db: Db };
  beforeAll(async () => {
    harness.db = await backend.open();
    harness.app = await buildApp(loadConfig({ SVC_MODE: 'sandbox', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: BASE_URL, ...env }), { db: harness.db });
    await harness.app.ready();
  });
  afterAll(async () => {
    await harness.app?.close();
    await harness.db?.close();
  });
  return harness;
}

export const backends = testBackends();

export function post(app: FastifyInstance, tool: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/tools/execute/unified/${tool}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
