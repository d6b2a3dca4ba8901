import { ServiceError } from '@svc/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/**
 * The one place deciding how the OAuth endpoints fail: RFC 6749 §5.2 JSON errors (`{"error", "error_description"}`),
 * never the service's problem+json, because OAuth clients parse only this shape. Codes beyond RFC 6749: RFC 7591
 * (`invalid_redirect_uri`, `invalid_client_metadata`) and RFC 8707 (`invalid_target`).
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'server_error';

export class OAuthError extends Error {
  override readonly name = 'OAuthError';

  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }

  /**
   * 400 for every refusal, including `invalid_client`: our clients are public and never authenticate with an
   * Authorization header, the one case where RFC 6749 requires 401 (which would also need a WWW-Authenticate scheme).
   */
  get status(): number {
    return this.code === 'server_error' ? 500 : 400;
  }

  get body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }
}

/** The OAuth error a failure is answered with; anything unexpected is a bare `server_error` (and logged). */
export function toOAuthError(error: unknown): { error: OAuthError; unexpected: boolean } {
  if (error instanceof OAuthError) return { error, unexpected: false };
  // A body the gateway's own parser refused (nested too deeply).
  if (error instanceof ServiceError && error.status < 500)
    return { error: new OAuthError('invalid_request', error.message), unexpected: false };
  const { statusCode, code, message } = error as Partial<FastifyError>;
  // Fastify's own request errors (unparsable body, unsupported media type, too large): the client sent a bad request.
  if (typeof statusCode === 'number' && statusCode < 500 && typeof code === 'string' && code.startsWith('FST_')) {
    return { error: new OAuthError('invalid_request', message ?? 'Malformed request.'), unexpected: false };
  }
  return {
    error: new OAuthError('server_error', 'The authorization server failed to handle this request.'),
    unexpected: true,
  };
}

/** Token and registration responses must not be cached (RFC 6749 §5.1, RFC 7591 §3.2.1), errors included. */
export function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  return reply.code(error.status).header('cache-control', 'no-store').header('pragma', 'no-cache').send(error.body);
}

/** Scoped to the OAuth plugin: its endpoints answer RFC 6749 errors while the rest of the service keeps problem+json. */
export function registerOAuthErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown, request, reply) => {
    const { error, unexpected } = toOAuthError(thrown);
    if (unexpected) request.log.error({ err: thrown }, 'OAuth request failed');
    return sendOAuthError(reply, error);
  });
}
