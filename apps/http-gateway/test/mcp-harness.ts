import { randomBytes } from 'node:crypto';
import { type AccessKeyEnvironment, accountForWallet, createAccessKey, type Db } from '@svc/store';
import type { FastifyInstance } from 'fastify';

/** A new account (as a wallet's first sign-in makes one) with one vault access key; returns the key and its account. */
export async function newAccessKey(db: Db, environment: AccessKeyEnvironment = 'development') {
  const { accountId } = await accountForWallet(db, 'eip155:8453', `0x${randomBytes(20).toString('hex')}`);
  const { key, record } = await createAccessKey(db, { accountId, name: 'test', environment });
  return { key, accountId, keyId: record.id };
}

/** One raw JSON-RPC POST to /api/mcp. */
export function mcpPost(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
