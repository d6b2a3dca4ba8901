import type { FastifyInstance } from 'fastify';

/**
 * Browser-based MCP clients run the OAuth flow from their own origin, so discovery, registration, token and
 * revocation responses must be readable cross-origin. Any origin is allowed: these endpoints use no cookies and no
 * ambient credentials (every secret travels in the request itself). The consent page is a top-level navigation and
 * is deliberately not in this scope.
 */
export function allowAnyOrigin(app: FastifyInstance, paths: readonly string[]): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  for (const path of paths) {
    app.options(path, async (_request, reply) =>
      reply
        .code(204)
        .headers({
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          // mcp-protocol-version: the MCP SDK sends it on metadata discovery.
          'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version',
          'access-control-max-age': '86400',
        })
        .send(),
    );
  }
}
