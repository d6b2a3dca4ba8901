import cors from '@fastify/cors';
import { A2A_CORS_HEADERS } from '@svc/a2a';
import type { Config } from '@svc/config';
import { MCP_CORS_HEADERS } from '@svc/mcp';
import type { FastifyInstance } from 'fastify';

/**
 * What browser x402 clients send (a payment, a sign-in proof, an idempotency key, a vault key) on the REST routes.
 * @x402/fetch also sets Access-Control-Expose-Headers as a *request* header on its paid retry (a response header it
 * means for the server, harmless here): without it in the list, the browser refuses the paid call's preflight.
 */
const REST_ALLOWED_HEADERS = [
  'content-type',
  'payment-signature',
  'sign-in-with-x',
  'idempotency-key',
  'x-api-key',
  'authorization',
  'access-control-expose-headers',
];

/** What they must read: the 402's requirements, the settlement, a replay's marker, a 401's challenge. */
const REST_EXPOSED_HEADERS = ['payment-required', 'payment-response', 'idempotent-replayed', 'www-authenticate'];

const union = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];

/**
 * The one CORS registration of the host: every route (REST tools, MCP, A2A, OAuth, discovery) answers preflights and
 * is readable from CORS_ORIGINS (default any). Any origin is safe by default because no route relies on ambient
 * credentials: every call is paid, signed or carries its key in a header, never a cookie, so credentialed CORS
 * (Access-Control-Allow-Credentials) is never granted. Registered before any route so its preflight hook runs first.
 */
export async function registerCors(app: FastifyInstance, origins: Config['corsOrigins']): Promise<void> {
  await app.register(cors, {
    origin: origins === '*' ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: union(REST_ALLOWED_HEADERS, MCP_CORS_HEADERS.allowed, A2A_CORS_HEADERS.allowed),
    exposedHeaders: union(REST_EXPOSED_HEADERS, MCP_CORS_HEADERS.exposed, A2A_CORS_HEADERS.exposed),
    credentials: false,
    maxAge: 86_400,
  });
}
