// Reference for the paid comparison: the same paid route built the way @x402/express 2.27 documents it
// (x402ResourceServer + paymentMiddleware), on the facilitator it is given, answering the same JSON.
import { createServer } from 'node:http';
import { SANDBOX_PAY_TO } from '../../apps/http-gateway/dist/index.js';
import { PAYMENT_TOKENS } from '../../packages/payments/dist/index.js';
import { handlers } from '../../packages/tools/dist/testing.js';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import express from 'express';
import { PATH, PRICE_ATOMIC, TOOL } from '../paid-route.mjs';

const USDC = PAYMENT_TOKENS.BASE_USDC;

/**
 * The official `@x402/evm` exact facilitator settles each payment in a transaction of its own; group commit
 * (several payments per Multicall3 transaction) is the gateway's, so the reference's sandbox settles one at a time.
 */
export const sandboxOptions = { settlementBatchMax: 1 };

export async function build({ sandbox }) {
  if (!sandbox) throw new Error('the x402-express target needs a sandbox (its facilitator settles there)');
  const server = new x402ResourceServer(sandbox.facilitator).register(USDC.network, new ExactEvmScheme());
  const routes = {
    [`POST ${PATH}`]: {
      accepts: {
        scheme: 'exact',
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
  return nodeServer(app);
}

function nodeServer(app) {
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
