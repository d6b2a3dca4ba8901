import { parseInput } from '@svc/contracts';
import type { SandboxCrossChain } from '@svc/sandbox';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonBody, operation, type PathItem } from '../openapi-service-routes.js';

/** One day at most per request: enough to expire any quote, small enough to stay a deliberate step. */
const MAX_ADVANCE_SECONDS = 86_400;

export const crossChainAdvanceRequest = z.strictObject({
  seconds: z.number().min(0).max(MAX_ADVANCE_SECONDS).optional(),
});

/** The OpenAPI description of the route below. */
export const SANDBOX_CROSS_CHAIN_OPENAPI_PATHS: Readonly<Record<string, PathItem>> = {
  '/api/sandbox/cross-chain/advance': {
    post: operation('advanceSandboxCrossChain', {
      tag: 'Sandbox',
      summary:
        "Move the sandbox bridge operator's and router solver's clock on by `seconds` (default 0, at most one day; " +
        'quotes expire by it), then move every open bridge exchange and router request one state on.',
      requestBody: jsonBody(crossChainAdvanceRequest),
    }),
  },
};

/**
 * `POST /api/sandbox/cross-chain/advance {seconds?}` (sandbox mode only): the operator's clock and an explicit
 * processing step, so a test lets a quote expire without waiting and sees each state without sleeping.
 */
export function sandboxCrossChainRoutes(app: FastifyInstance, crossChain: SandboxCrossChain): void {
  app.post('/api/sandbox/cross-chain/advance', async (request) => {
    const { seconds } = parseInput(crossChainAdvanceRequest, request.body ?? {}, 'sandbox cross-chain advance');
    const advanced = await crossChain.advance(seconds ?? 0);
    return {
      sandbox: true,
      clockAheadSeconds: advanced.aheadSeconds,
      now: new Date(crossChain.clock.now()).toISOString(),
      exchangesAdvanced: advanced.exchanges,
      requestsAdvanced: advanced.requests,
    };
  });
}
