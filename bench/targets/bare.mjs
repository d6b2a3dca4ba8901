// Baseline for the unpaid comparison: a bare Fastify POST route that parses the JSON body and answers 402.
import Fastify from 'fastify';
import { fastifyServer } from './listen.mjs';

export async function build() {
  const app = Fastify({ logger: false });
  app.post('/bare/:name', (request, reply) => reply.code(402).send({ x402Version: 2, tool: request.params.name }));
  return fastifyServer(app);
}
