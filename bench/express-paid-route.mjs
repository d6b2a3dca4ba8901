// The paid route built the way @x402/express 2.27 documents it (x402ResourceServer + paymentMiddleware), answering
// the same JSON as the gateway: the reference of both paid comparisons, `exact` (targets/x402-express.mjs) and
// batch-settlement (batch-reference.mjs, which adds its channel storage and claim manager around it). They differ
// only in the server scheme they give it.
import { createServer } from 'node:http';
import { SANDBOX_PAY_TO } from '../apps/http-gateway/dist/index.js';
import { PAYMENT_TOKENS } from '../packages/payments/dist/index.js';
import { handlers } from '../packages/tools/dist/testing.js';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import express from 'express';
import { PATH, PRICE_ATOMIC, TOOL } from './paid-route.mjs';

const USDC = PAYMENT_TOKENS.BASE_USDC;

/**
 * The route charging the catalog price in BASE_USDC through `scheme` (an @x402/evm server scheme, which names
 * itself), verified and settled by `facilitator`. Answers what bench/server.mjs starts: `listen(port)` and
 * `close()`, which stops serving and drops the idle keep-alive connections.
 */
export function expressPaidRoute({ facilitator, scheme }) {
  const server = new x402ResourceServer(facilitator).register(USDC.network, scheme);
  const routes = {
    [`POST ${PATH}`]: {
      accepts: {
        scheme: scheme.scheme,
        network: USDC.network,
        payTo: SANDBOX_PAY_TO.base,
        price: { asset: USDC.asset, amount: PRICE_ATOMIC.toString(), extra: { ...USDC.extra } },
        maxTimeoutSeconds: 300,
      },
      description: TOOL,
      mimeType: 'application/json',
    },
  };
  const app = express();
  app.use(express.json());
  app.use(paymentMiddleware(routes, server));
  app.post(PATH, async (req, res) =>
    res.json({ ...(await handlers[TOOL](req.body, { mode: 'sandbox' })), sandbox: true }),
  );
  const http = createServer(app);
  http.keepAliveTimeout = 72_000; // as Fastify's default, so the client's idle keep-alive sockets stay usable
  return {
    listen: (port) => new Promise((resolve, reject) => http.once('error', reject).listen(port, '127.0.0.1', resolve)),
    close: () =>
      new Promise((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
