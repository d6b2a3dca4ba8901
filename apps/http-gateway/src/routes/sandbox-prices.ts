import { NETWORK5, parseInput, POSDEC } from '@svc/contracts';
import { sandboxPrices, type Db, setSandboxPrice } from '@svc/store';
import type { SandboxMarketControl } from '@svc/tools/sandbox';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonBody, operation, type PathItem } from '../openapi-service-routes.js';

export const priceRequest = z.strictObject({
  chain: NETWORK5,
  token: z.string().min(1).max(100),
  priceUsd: POSDEC,
});

const priceQuery = z.strictObject({
  chain: NETWORK5.optional(),
  token: z.string().min(1).max(100).optional(),
});

/** The OpenAPI description of the routes below. */
export const SANDBOX_PRICES_OPENAPI_PATHS: Readonly<Record<string, PathItem>> = {
  '/api/sandbox/prices': {
    get: operation('sandboxPrices', { tag: 'Sandbox', summary: 'The simulated USD prices set for sandbox tokens.' }),
    post: operation('setSandboxPrice', {
      tag: 'Sandbox',
      summary: 'Set the simulated USD price of a sandbox token (drives conditional orders).',
      requestBody: jsonBody(priceRequest),
    }),
  },
};

/**
 * Sandbox market control for testing conditional-order strategies (sandbox mode only; live mode answers 404):
 * - `POST /api/sandbox/prices {chain, token, priceUsd}` sets the simulated USD price of a token (symbol or address;
 *   the native coin by symbol or ETH_NATIVE / SOL_NATIVE) and re-balances its sandbox pools to it, so swaps fill near
 *   it. The trigger engine sees the new price on its next pass (every worker process: it is kept in the database).
 * - `GET /api/sandbox/prices[?chain=&token=]` reads them: with chain and token, that token's simulated price (the
 *   last one set, else its pool's) and its pool's spot price; otherwise every price set so far.
 */
export function sandboxPriceRoutes(app: FastifyInstance, options: { db: Db; market: SandboxMarketControl }): void {
  const { db, market } = options;
  app.post('/api/sandbox/prices', async (request) => {
    const { chain, token, priceUsd } = parseInput(priceRequest, request.body, 'sandbox prices');
    const found = await market.token(chain, token);
    await market.setPriceUsd(chain, found.orderToken, Number(priceUsd));
    const set = await setSandboxPrice(db, chain, found.orderToken, priceUsd);
    return {
      sandbox: true,
      chain,
      token: found.symbol,
      address: found.orderToken,
      priceUsd: set.priceUsd,
      poolPriceUsd: await market.priceUsd(chain, found.orderToken),
      updatedAt: set.updatedAt,
    };
  });

  app.get('/api/sandbox/prices', async (request) => {
    const { chain, token } = parseInput(priceQuery, request.query ?? {}, 'sandbox prices');
    if (chain && token) {
      const found = await market.token(chain, token);
      const [set] = await sandboxPrices(db, { network: chain, token: found.orderToken });
      const poolPriceUsd = await market.priceUsd(chain, found.orderToken);
      return {
        sandbox: true,
        chain,
        token: found.symbol,
        address: found.orderToken,
        priceUsd: set?.priceUsd ?? (poolPriceUsd === undefined ? null : String(poolPriceUsd)),
        poolPriceUsd,
        updatedAt: set?.updatedAt ?? null,
      };
    }
    return { sandbox: true, prices: await sandboxPrices(db, chain ? { network: chain } : {}) };
  });
}
