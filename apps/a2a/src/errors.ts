import { ServiceError, toProblem } from '@svc/contracts';

/** JSON-RPC codes for requests refused before the A2A SDK sees them (A2A defines none for these, §7.4). */
const JSON_RPC_CODE = { parseError: -32700, invalidRequest: -32600, internalError: -32603 } as const;

export interface HttpFailure {
  readonly httpStatus: number;
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
  /** Not a refusal the service meant to give: log it (the client sees no internals). */
  readonly unexpected: boolean;
}

/** Fastify's own request errors (body parsing, size, media type): a 4xx `statusCode` and an FST_ code. */
function fastifyRequestError(error: unknown): { statusCode: number; code: string; message: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { statusCode, code } = error as Error & { statusCode?: unknown; code?: unknown };
  return typeof statusCode === 'number' && statusCode < 500 && typeof code === 'string' && code.startsWith('FST_') ? { statusCode, code, message: error.message } : undefined;
}

/**
 * A request refused at the HTTP layer (credentials, body): the HTTP status of its problem and a JSON-RPC error
 * body. Everything after authentication is answered by the SDK's own JSON-RPC error mapping.
 */
export function httpFailure(error: unknown): HttpFailure {
  if (error instanceof ServiceError) {
    const problem = toProblem(error);
    return { httpStatus: problem.status, error: { code: problem.status >= 500 ? JSON_RPC_CODE.internalError : JSON_RPC_CODE.invalidRequest, message: problem.detail, data: problem }, unexpected: problem.code === 'internal' };
  }
  const fastify = fastifyRequestError(error);
  if (fastify) {
    const unparsable = fastify.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastify.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return { httpStatus: fastify.statusCode, error: { code: unparsable ? JSON_RPC_CODE.parseError : JSON_RPC_CODE.invalidRequest, message: fastify.message }, unexpected: false };
  }
  return { httpStatus: 500, error: { code: JSON_RPC_CODE.internalError, message: 'Internal error' }, unexpected: true };
}
