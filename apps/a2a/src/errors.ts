import { frameworkRequestError, isUnparsableBody, ServiceError, toProblem } from '@svc/contracts';

/** JSON-RPC codes for requests refused before the A2A SDK sees them (A2A defines none for these, §7.4). */
const JSON_RPC_CODE = { parseError: -32700, invalidRequest: -32600, internalError: -32603 } as const;

export interface HttpFailure {
  readonly httpStatus: number;
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
  /** Not a refusal the service meant to give: log it (the client sees no internals). */
  readonly unexpected: boolean;
}

/**
 * A request refused at the HTTP layer (credentials, body): the HTTP status of its problem and a JSON-RPC error
 * body. Everything after authentication is answered by the SDK's own JSON-RPC error mapping.
 */
export function httpFailure(error: unknown): HttpFailure {
  if (error instanceof ServiceError) {
    const problem = toProblem(error);
    return {
      httpStatus: problem.status,
      error: {
        code: problem.status >= 500 ? JSON_RPC_CODE.internalError : JSON_RPC_CODE.invalidRequest,
        message: problem.detail,
        data: problem,
      },
      unexpected: problem.code === 'internal',
    };
  }
  const refused = frameworkRequestError(error);
  if (refused) {
    return {
      httpStatus: refused.statusCode,
      error: {
        code: isUnparsableBody(refused) ? JSON_RPC_CODE.parseError : JSON_RPC_CODE.invalidRequest,
        message: refused.message,
      },
      unexpected: false,
    };
  }
  return { httpStatus: 500, error: { code: JSON_RPC_CODE.internalError, message: 'Internal error' }, unexpected: true };
}
