import { parseInput } from '@svc/contracts';
import type { Db } from '@svc/store';
import { exportAccountVaultKeys, type HandlerResources, sweepAccountVault } from '@svc/tools';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountOfRequest } from '../account-of-request.js';
import type { RateLimits } from '../rate-limits.js';

export const ACCOUNT_VAULT_PATH = '/api/account/vault';

export const exportBody = z.strictObject({
  /** The account vault's EVM address, repeated: the owner's explicit approval of receiving its keys. */
  confirm: z.string().trim().min(1),
});
export const sweepBody = z.strictObject({
  /** Where each chain family's assets go; a family left out is not swept. */
  destinations: z.strictObject({
    evm: z.string().max(128).optional(),
    solana: z.string().max(128).optional(),
  }),
});

export interface AccountVaultRoutesOptions {
  readonly db: Db;
  readonly mode: 'sandbox' | 'live';
  readonly resources: HandlerResources;
  /** SIWX only: an access key or OAuth token (an agent's credential) never reaches the account vault's exits. */
  readonly accountOf: AccountOfRequest;
  readonly rateLimits: RateLimits;
}

/**
 * The owner's ways out of the account vault (issue 27):
 * - `POST /api/account/vault/export {confirm}` -> `{keys, exportedAt}`: the vault's seed and keys, in this answer only
 *   (`Cache-Control: no-store`, no Idempotency-Key replay, never logged), recorded in the call ledger;
 * - `POST /api/account/vault/sweep {destinations: {evm?, solana?}}` -> `{chains: [{chain, from, to, network, assets}]}`:
 *   every asset moved to the owner's address with the transfer tools' own code, each answering its transaction or
 *   why not; a bad destination is a 400 before anything moves.
 * Each request counts against the account's rate limit as well as the caller's IP.
 */
export function accountVaultRoutes(app: FastifyInstance, options: AccountVaultRoutesOptions): void {
  const { db, mode, resources, accountOf, rateLimits } = options;
  const contextOf = async (request: FastifyRequest) => {
    const accountId = await accountOf(request);
    await rateLimits.account(accountId);
    return { ...resources, mode, db, caller: { accountId } };
  };

  app.post(`${ACCOUNT_VAULT_PATH}/export`, async (request, reply) => {
    const context = await contextOf(request);
    const { confirm } = parseInput(exportBody, request.body ?? {}, 'account vault export');
    const exported = await exportAccountVaultKeys(context, confirm);
    return reply.header('cache-control', 'no-store').send(exported);
  });

  app.post(`${ACCOUNT_VAULT_PATH}/sweep`, async (request, reply) => {
    const context = await contextOf(request);
    const { destinations } = parseInput(sweepBody, request.body ?? {}, 'account vault sweep');
    const swept = await sweepAccountVault(context, destinations);
    return reply.header('cache-control', 'no-store').send(swept);
  });
}
