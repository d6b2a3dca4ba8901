import { ServiceError, toProblem } from '@svc/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { SignInRequired } from './account-of-request.js';

/** Fastify's own request errors (body parsing, size, media type) expressed in the service's error model. */
function fromFastify(error: FastifyError): ServiceError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ServiceError(
        'invalid_body',
        `The body must be a JSON object (send {} for tools without fields): ${error.message}`,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError('payload_too_large', error.message);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ServiceError('unsupported_media_type', 'Send the body as Content-Type: application/json.');
    default:
      return undefined;
  }
}

/** The one place where errors become HTTP responses (RFC 9457 problem+json). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A sign-in challenge is an x402 402 (what the official clients act on), not a problem document.
    if (error instanceof SignInRequired) {
      return reply
        .code(402)
        .header('payment-required', error.header)
        .header('cache-control', 'no-store')
        .send(error.paymentRequired);
    }
    const known = error instanceof ServiceError ? error : fromFastify(error);
    const problem = toProblem(known ?? error);
    // Unexpected failures are logged; the caller only sees a generic 500 without internals.
    if (!known) request.log.error({ err: error }, 'request failed');
    return reply.code(problem.status).type('application/problem+json').send(problem);
  });
  app.setNotFoundHandler((request, reply) => {
    const problem = toProblem(
      new ServiceError(
        'not_found',
        `No route ${request.method} ${request.url.split('?')[0]}. GET /docs describes the API.`,
      ),
    );
    return reply.code(404).type('application/problem+json').send(problem);
  });
}
