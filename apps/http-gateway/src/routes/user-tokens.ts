import { parseInput, ServiceError } from '@svc/contracts';
import { createUserToken, listUserTokens, type Queryable, revokeUserToken, type UserTokenRecord } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountOfRequest } from '../account-of-request.js';
import { KEY_NAME } from './access-keys.js';

export interface UserTokenRoutesOptions {
  readonly db: Queryable;
  readonly accountOf: AccountOfRequest;
  /** Signs the JWT of a recorded token (the OAuth server's key, so the same Bearer check accepts it). */
  readonly issue: (token: UserTokenRecord) => Promise<string>;
}

export const USER_TOKENS_PATH = '/api/account/tokens';

const DAY_SECONDS = 86_400;
/** Lifetimes a token may ask for: from 5 minutes to a year, 30 days unless said. */
export const USER_TOKEN_LIFETIME = { minSeconds: 300, maxSeconds: 365 * DAY_SECONDS, defaultSeconds: 30 * DAY_SECONDS };

const createBody = z.strictObject({
  name: KEY_NAME.default('default'),
  scope: z.enum(['read', 'transact']).default('read'),
  expiresInSeconds: z
    .number()
    .int()
    .min(USER_TOKEN_LIFETIME.minSeconds)
    .max(USER_TOKEN_LIFETIME.maxSeconds)
    .default(USER_TOKEN_LIFETIME.defaultSeconds),
});

/** What the owner sees of a token: everything but the token itself. */
const view = ({ id, name, scope, createdAt, expiresAt, revokedAt }: UserTokenRecord) => ({
  id,
  name,
  scope,
  createdAt,
  expiresAt,
  revokedAt,
});

/**
 * The signed-in account's user-issued Bearer tokens, for MCP and A2A (`Authorization: Bearer <token>`):
 * - `POST /api/account/tokens {name?, scope?, expiresInSeconds?}` -> 201 with `token`, shown this once;
 * - `GET /api/account/tokens` -> every token, revoked and expired ones included, never the token itself;
 * - `DELETE /api/account/tokens/{id}` -> the revoked token (idempotent); 404 for a token of no account of the caller's.
 *
 * Identity-gated: `accountOf` proves the caller (SIWX), as for access keys.
 */
export function userTokenRoutes(app: FastifyInstance, options: UserTokenRoutesOptions): void {
  const { db, accountOf, issue } = options;

  app.post(USER_TOKENS_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const { name, scope, expiresInSeconds } = parseInput(createBody, request.body ?? {}, 'token');
    const record = await createUserToken(db, { accountId, name, scope, lifetimeSeconds: expiresInSeconds });
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({ token: await issue(record), ...view(record) });
  });

  app.get(USER_TOKENS_PATH, async (request, reply) => {
    const tokens = await listUserTokens(db, await accountOf(request));
    return reply.header('cache-control', 'no-store').send({ tokens: tokens.map(view) });
  });

  app.delete<{ Params: { tokenId: string } }>(`${USER_TOKENS_PATH}/:tokenId`, async (request) => {
    const revoked = await revokeUserToken(db, await accountOf(request), request.params.tokenId);
    if (!revoked) throw new ServiceError('not_found', `No token ${request.params.tokenId} on this account.`);
    return view(revoked);
  });
}
