import { jsonNestsDeeperThan, MAX_JSON_DEPTH, nestingTooDeep } from '@svc/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Request bodies on every route (registered before any plugin, which inherit it): JSON through Fastify's own parser
 * (prototype poisoning refused) once its nesting is within `MAX_JSON_DEPTH`, and no text/plain parser, so a body that
 * is not JSON is a 415 as documented.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(nestingTooDeep(), undefined);
    return parseJson(request, body as string, done);
  });
}
