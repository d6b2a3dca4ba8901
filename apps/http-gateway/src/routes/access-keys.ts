import { parseInput, ServiceError } from '@svc/contracts';
import {
  type AccessKeyEnvironment,
  type AccessKeyRecord,
  createAccessKey,
  listAccessKeys,
  type Queryable,
  revokeAccessKey,
  setAccessKeyToolsFilter,
} from '@svc/store';
import { parseToolsFilter } from '@svc/mcp';
import type { FastifyInstance } from 'fastify';
import type { AccountOfRequest } from '../account-of-request.js';
import { z } from 'zod';

export interface AccessKeyRoutesOptions {
  readonly db: Queryable;
  /** Keys are made for the environment this host serves (`Config.accessKeyEnvironment`). */
  readonly environment: AccessKeyEnvironment;
  readonly accountOf: AccountOfRequest;
}

export const ACCESS_KEYS_PATH = '/api/account/access-keys';

export const KEY_NAME = z.string().trim().min(1).max(100);
/** Globs over MCP tool names (a list, or comma-separated text as in the x-mcp-tools-filter header); null: no limit. */
const TOOLS_FILTER = z
  .union([z.string(), z.array(z.string())])
  .nullable()
  .transform((value) => (value === null ? null : parseToolsFilter(value, 'toolsFilter')));
const createBody = z.strictObject({ name: KEY_NAME.default('default'), toolsFilter: TOOLS_FILTER.optional() });
const updateBody = z.strictObject({ toolsFilter: TOOLS_FILTER });

/** What the owner sees of a key: everything but the key itself (and the account, which is the caller's own). */
const view = ({ id, prefix, name, environment, createdAt, lastUsedAt, revokedAt, toolsFilter }: AccessKeyRecord) => ({
  id,
  prefix,
  name,
  environment,
  createdAt,
  lastUsedAt,
  revokedAt,
  toolsFilter,
});

/**
 * The signed-in account's vault access keys:
 * - `POST /api/account/access-keys {name?, toolsFilter?}` -> 201 with `key`, shown this once (`Cache-Control: no-store`);
 * - `PATCH /api/account/access-keys/{id} {toolsFilter}` -> the key with its new tools filter (null: no limit);
 * - `GET /api/account/access-keys` -> every key, revoked ones included, never the key itself;
 * - `DELETE /api/account/access-keys/{id}` -> the revoked key (idempotent); 404 for a key of no account of the caller's.
 *
 * Identity-gated: `accountOf` proves the caller (SIWX, `siwxAccountOf`).
 */
export function accessKeyRoutes(app: FastifyInstance, options: AccessKeyRoutesOptions): void {
  const { db, environment, accountOf } = options;

  app.post(ACCESS_KEYS_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const { name, toolsFilter } = parseInput(createBody, request.body ?? {}, 'access key');
    const { key, record } = await createAccessKey(db, { accountId, name, environment, toolsFilter });
    return reply
      .code(201)
      .header('cache-control', 'no-store')
      .send({ key, ...view(record) });
  });

  app.get(ACCESS_KEYS_PATH, async (request, reply) => {
    const keys = await listAccessKeys(db, await accountOf(request));
    return reply.header('cache-control', 'no-store').send({ keys: keys.map(view) });
  });

  app.patch<{ Params: { keyId: string } }>(`${ACCESS_KEYS_PATH}/:keyId`, async (request) => {
    const accountId = await accountOf(request);
    const { toolsFilter } = parseInput(updateBody, request.body ?? {}, 'access key');
    const updated = await setAccessKeyToolsFilter(db, accountId, request.params.keyId, toolsFilter);
    if (!updated) throw new ServiceError('not_found', `No access key ${request.params.keyId} on this account.`);
    return view(updated);
  });

  app.delete<{ Params: { keyId: string } }>(`${ACCESS_KEYS_PATH}/:keyId`, async (request) => {
    const revoked = await revokeAccessKey(db, await accountOf(request), request.params.keyId);
    if (!revoked) throw new ServiceError('not_found', `No access key ${request.params.keyId} on this account.`);
    return view(revoked);
  });
}
