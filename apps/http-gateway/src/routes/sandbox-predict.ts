import { BYTES32, parseInput, ServiceError } from '@svc/contracts';
import { PREDICT_OUTCOMES, sandboxPredictOf, type SandboxPredict } from '@svc/sandbox';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonBody, operation, type PathItem } from '../openapi-service-routes.js';
import type { Sandbox } from '../sandbox.js';

export const resolveRequest = z.strictObject({
  conditionId: BYTES32,
  winningOutcome: z.enum(PREDICT_OUTCOMES),
});

/** The OpenAPI description of the routes below. */
export const SANDBOX_PREDICT_OPENAPI_PATHS: Readonly<Record<string, PathItem>> = {
  '/api/sandbox/predict': {
    get: operation('sandboxPredictMarkets', {
      tag: 'Sandbox',
      summary:
        'The sandbox prediction markets on Polygon: the Conditional Tokens contract, collateral, oracle, and each market with its condition, outcome token ids, maker and prices.',
    }),
  },
  '/api/sandbox/predict/resolve': {
    post: operation('sandboxResolvePredictMarket', {
      tag: 'Sandbox',
      summary:
        'Resolve a sandbox prediction market as its oracle (reportPayouts on the Conditional Tokens contract): the winning outcome pays 1 USDC.e a share on redemption.',
      requestBody: jsonBody(resolveRequest),
    }),
  },
};

const POLYGON = 137;
const predictOf = async (sandbox: Sandbox): Promise<SandboxPredict> => sandboxPredictOf(await sandbox.evm(POLYGON));

/**
 * The sandbox prediction markets' routes (sandbox mode only):
 * - `GET /api/sandbox/predict`: the markets and where they live on the sandbox Polygon chain;
 * - `POST /api/sandbox/predict/resolve {conditionId, winningOutcome: "Yes" | "No"}`: the sandbox oracle reports the
 *   payouts, after which the market takes no orders and redeemPredictPosition pays its winners.
 */
export function sandboxPredictRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  app.get('/api/sandbox/predict', async () => {
    const predict = await predictOf(sandbox);
    const states = await predict.states();
    return {
      sandbox: true,
      chainId: POLYGON,
      conditionalTokens: predict.ctf,
      collateral: { symbol: 'USDC.e', address: predict.collateral, decimals: 6 },
      oracle: predict.oracle,
      markets: predict.markets.map((market) => {
        const state = states.get(market.conditionId)!;
        return {
          eventSlug: market.event.slug,
          slug: market.seed.slug,
          question: market.seed.question,
          conditionId: market.conditionId,
          questionId: market.questionId,
          maker: market.maker,
          outcomes: PREDICT_OUTCOMES,
          tokenIds: market.tokenIds.map(String),
          prices: state.prices,
          resolved: state.payouts !== null,
        };
      }),
    };
  });

  app.post('/api/sandbox/predict/resolve', async (request) => {
    const { conditionId, winningOutcome } = parseInput(resolveRequest, request.body, 'sandbox predict resolve');
    const predict = await predictOf(sandbox);
    const market = predict.market(conditionId);
    if (!market) throw new ServiceError('not_found', `no sandbox prediction market has the condition ${conditionId}`);
    if ((await predict.states()).get(market.conditionId)!.payouts !== null)
      throw new ServiceError('state_conflict', `the market "${market.seed.question}" is already resolved`);
    const payouts = winningOutcome === 'Yes' ? ([1n, 0n] as const) : ([0n, 1n] as const);
    const txHash = await predict.resolve(market, payouts);
    return {
      sandbox: true,
      conditionId: market.conditionId,
      question: market.seed.question,
      winningOutcome,
      payouts: payouts.map(Number),
      txHash,
    };
  });
}
