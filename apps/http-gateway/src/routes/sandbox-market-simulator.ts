import { invalidField, parseInput } from '@svc/contracts';
import { MAX_STEPS, type MarketSimulator } from '@svc/sandbox';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonBody, operation, type PathItem } from '../openapi-service-routes.js';

export const simulatorRequest = z.strictObject({
  action: z.enum(['pause', 'resume', 'step']),
  steps: z.number().int().min(1).max(MAX_STEPS).optional(),
});

/** The OpenAPI description of the routes below. */
export const SANDBOX_MARKET_SIMULATOR_OPENAPI_PATHS: Readonly<Record<string, PathItem>> = {
  '/api/sandbox/market/simulator': {
    get: operation('sandboxMarketSimulator', {
      tag: 'Sandbox',
      summary: "The sandbox market simulator's state: running, its rate (trades a minute), trades so far.",
    }),
    post: operation('controlSandboxMarketSimulator', {
      tag: 'Sandbox',
      summary: `Pause or resume the sandbox market simulator, or make it trade now (\`steps\`, 1 to ${MAX_STEPS}).`,
      requestBody: jsonBody(simulatorRequest),
    }),
  },
};

/**
 * The sandbox market simulator's control (sandbox mode only):
 * - `GET /api/sandbox/market/simulator`: its state;
 * - `POST /api/sandbox/market/simulator {action: "pause" | "resume" | "step", steps?}`: `step` carries out the next
 *   `steps` (default 1) planned trades at once, paused or not, and answers the trades that landed.
 */
export function sandboxMarketSimulatorRoutes(app: FastifyInstance, simulator: MarketSimulator): void {
  app.get('/api/sandbox/market/simulator', async () => ({ sandbox: true, ...simulator.state() }));

  app.post('/api/sandbox/market/simulator', async (request) => {
    const { action, steps } = parseInput(simulatorRequest, request.body, 'sandbox market simulator');
    if (steps !== undefined && action !== 'step')
      throw invalidField('steps', 'only_with_step', 'only with action "step"');
    if (action === 'pause') simulator.pause();
    if (action === 'resume') simulator.resume();
    const executed = action === 'step' ? await simulator.step(steps ?? 1) : [];
    return {
      sandbox: true,
      ...simulator.state(),
      ...(action === 'step'
        ? {
            executed: executed.map((trade) => ({
              ...trade,
              sold: { symbol: trade.sold.symbol, atomic: trade.sold.atomic.toString() },
              bought: { symbol: trade.bought.symbol, atomic: trade.bought.atomic.toString() },
            })),
          }
        : {}),
    };
  });
}
