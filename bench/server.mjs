// One benchmark target per process, so the load generator (the parent) never shares an event loop with it.
// usage: node bench/server.mjs gateway|bare <port>
import Fastify from 'fastify';

const [kind, port] = process.argv.slice(2);
let app;
if (kind === 'bare') {
  // Baseline: a bare Fastify POST route that parses the JSON body and answers 402 with a small JSON body.
  app = Fastify({ logger: false });
  app.post('/bare/:name', (request, reply) => reply.code(402).send({ x402Version: 2, tool: request.params.name }));
} else {
  const { buildApp, loadConfig } = await import('../apps/http-gateway/dist/index.js');
  const { openStore } = await import('../packages/store/dist/index.js');
  const config = loadConfig({ ...process.env, PORT: port, LOG_LEVEL: 'silent', SVC_MODE: 'sandbox' });
  const db = await openStore({ pgliteDir: 'memory://' });
  app = await buildApp(config, { db });
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.('ready');
