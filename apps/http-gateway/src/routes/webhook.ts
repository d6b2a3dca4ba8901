import { type MasterKeyProvider, rotateWebhookSecret, setWebhookEndpoint } from '@svc/chains';
import { parseInput, ServiceError } from '@svc/contracts';
import { type Queryable, removeWebhookEndpoint, webhookEndpointOf } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountOfRequest } from '../account-of-request.js';
import { webhookUrlProblem } from './webhook-url.js';

export interface WebhookRoutesOptions {
  readonly db: Queryable;
  readonly mode: 'sandbox' | 'live';
  /** Seals the signing secrets before they are stored. */
  readonly masterKey: MasterKeyProvider;
  readonly accountOf: AccountOfRequest;
}

export const WEBHOOK_PATH = '/api/account/webhook';

const putBody = z.strictObject({ url: z.url().max(2048) });

const noEndpoint = () =>
  new ServiceError('not_found', `This account has no webhook endpoint; PUT ${WEBHOOK_PATH} {"url": ...} sets one.`);

/**
 * The signed-in account's webhook endpoint for tracked-wallet activity:
 * - `PUT /api/account/webhook {url}` -> 201 with `secret` when the endpoint is new (shown this once), 200 without it
 *   when only the URL changes;
 * - `POST /api/account/webhook/rotate-secret` -> the endpoint and its new `secret` (the old one stops at once);
 * - `GET /api/account/webhook` -> the endpoint, never the secret;
 * - `DELETE /api/account/webhook` -> 204: the endpoint and its secret are gone (404 when there was none).
 * Every answer is `Cache-Control: no-store`.
 */
export function webhookRoutes(app: FastifyInstance, options: WebhookRoutesOptions): void {
  const { db, mode, masterKey, accountOf } = options;

  app.put(WEBHOOK_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const { url } = parseInput(putBody, request.body ?? {}, 'webhook');
    const problem = webhookUrlProblem(new URL(url), mode);
    if (problem)
      throw new ServiceError('invalid_input', `webhook: url: ${problem}`, {
        issues: [{ field: 'url', rule: 'format', message: `url: ${problem}` }],
      });
    const { endpoint, secret } = await setWebhookEndpoint(db, masterKey, accountId, url);
    return reply
      .code(secret ? 201 : 200)
      .header('cache-control', 'no-store')
      .send(secret ? { ...endpoint, secret } : endpoint);
  });

  app.post(`${WEBHOOK_PATH}/rotate-secret`, async (request, reply) => {
    const rotated = await rotateWebhookSecret(db, masterKey, await accountOf(request));
    if (!rotated) throw noEndpoint();
    return reply.header('cache-control', 'no-store').send({ ...rotated.endpoint, secret: rotated.secret });
  });

  app.get(WEBHOOK_PATH, async (request, reply) => {
    const endpoint = await webhookEndpointOf(db, await accountOf(request));
    if (!endpoint) throw noEndpoint();
    return reply.header('cache-control', 'no-store').send(endpoint);
  });

  app.delete(WEBHOOK_PATH, async (request, reply) => {
    if (!(await removeWebhookEndpoint(db, await accountOf(request)))) throw noEndpoint();
    return reply.code(204).header('cache-control', 'no-store').send();
  });
}
