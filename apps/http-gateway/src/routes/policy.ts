import { catalog, parseInput } from '@svc/contracts';
import { creditToUsd, usdToCredit } from '@svc/payments';
import { type Db, saveSpendingPolicy, spentToday } from '@svc/store';
import { DEFAULT_SPENDING_POLICY, describePolicy, policyOf, policyView } from '@svc/tools';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountOfRequest } from '../account-of-request.js';

export const POLICY_PATH = '/api/account/policy';

const USD_CAP = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,6})?$/, { message: 'a USD amount with at most 6 decimals, e.g. "25" or "0.5"', abort: true })
  .refine((usd) => usdToCredit(usd) > 0n, 'more than 0');
const TOOL_NAMES = catalog.map((tool) => tool.name) as [string, ...string[]];
export const policyBody = z
  .strictObject({
    perCallUsd: USD_CAP,
    dailyUsd: USD_CAP,
    /** null: any recipient. */
    allowedRecipients: z.array(z.string().trim().min(1).max(128)).max(100).nullable(),
    /** null: every tool. */
    allowedTools: z.array(z.enum(TOOL_NAMES)).max(TOOL_NAMES.length).nullable(),
    /** Lets through calls moving value no price source can value (counted at their price alone); off unless set. */
    allowUnpricedMoves: z.boolean().default(false),
  })
  .refine((p) => usdToCredit(p.perCallUsd) <= usdToCredit(p.dailyUsd), {
    message: 'perCallUsd must not exceed dailyUsd',
    path: ['perCallUsd'],
  });

/**
 * The signed-in account's spending policy, enforced by invoke on every call made for the account, whatever the
 * transport (REST with SIWX, MCP and A2A with an access key or OAuth token):
 * - `GET /api/account/policy` -> the policy in force (the defaults until one is set), today's spend and what is left;
 * - `PUT /api/account/policy {perCallUsd, dailyUsd, allowedRecipients, allowedTools, allowUnpricedMoves?}` -> replaces it.
 * Only a wallet signature (SIWX) reaches these routes: an agent holding an access key cannot loosen its own limits.
 */
export function policyRoutes(
  app: FastifyInstance,
  options: { readonly db: Db; readonly accountOf: AccountOfRequest },
): void {
  const { db, accountOf } = options;

  const current = async (accountId: string) => {
    const [{ isDefault, updatedAt, ...policy }, enforced, spent] = await Promise.all([
      describePolicy(db, accountId),
      policyOf(db, accountId),
      spentToday(db, accountId),
    ]);
    return {
      policy,
      isDefault,
      updatedAt,
      spentLast24hUsd: creditToUsd(spent),
      remainingLast24hUsd: creditToUsd(spent >= enforced.dailyUsd ? 0n : enforced.dailyUsd - spent),
      defaults: policyView(DEFAULT_SPENDING_POLICY),
    };
  };

  app.get(POLICY_PATH, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await current(await accountOf(request))),
  );

  app.put(POLICY_PATH, async (request, reply) => {
    const accountId = await accountOf(request);
    const body = parseInput(policyBody, request.body ?? {}, 'spending policy');
    await saveSpendingPolicy(db, accountId, {
      perCallUsd: usdToCredit(body.perCallUsd),
      dailyUsd: usdToCredit(body.dailyUsd),
      allowedRecipients: body.allowedRecipients,
      allowedTools: body.allowedTools,
      allowUnpricedMoves: body.allowUnpricedMoves,
    });
    return reply.header('cache-control', 'no-store').send(await current(accountId));
  });
}
