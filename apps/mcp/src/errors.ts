import { frameworkRequestError, InputSchemaError, isUnparsableBody, ServiceError, toProblem } from '@svc/contracts';
import { type CallToolResult, structuredResult } from './tool-results.js';

/**
 * The one place deciding how a failure reaches an MCP client: as a JSON-RPC error (with which HTTP status), or,
 * inside tools/call, as a tool result with isError so the model can read it.
 */

export const JSON_RPC_CODE = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** A refused HTTP request (header, credential, media type, size): the code the MCP SDK's own server uses for these. */
  requestRefused: -32000,
} as const;

/**
 * A JSON-RPC protocol error raised by this endpoint. HTTP status 200 unless the envelope itself was unusable. Thrown
 * from a handler of the SDK's server, its code, message and data are what the client receives (the SDK's own McpError
 * would prefix the message with "MCP error <code>: ").
 */
export class JsonRpcError extends Error {
  override readonly name = 'JsonRpcError';

  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The MCP spec's own wording; a hidden `-transaction` tool gets exactly this too, so it cannot be told apart. */
export const unknownTool = (name: string) => new JsonRpcError(JSON_RPC_CODE.invalidParams, `Unknown tool: ${name}`);

export const invalidParams = (message: string) => new JsonRpcError(JSON_RPC_CODE.invalidParams, message);

/**
 * Invalid tool arguments are a protocol error in MCP 2025-06-18 (-32602), reported with every field and rule so a
 * client can fix the call (only the schema's refusals: see InputSchemaError). `invalid_body` is the arguments not
 * being an object at all.
 */
export function argumentError(error: unknown): JsonRpcError | undefined {
  if (!(error instanceof InputSchemaError)) return undefined;
  return new JsonRpcError(JSON_RPC_CODE.invalidParams, error.message, 200, {
    tool: error.extra?.tool,
    issues: error.issues ?? [],
  });
}

export interface JsonRpcFailure {
  readonly httpStatus: number;
  readonly error: { readonly code: number; readonly message: string; readonly data?: unknown };
  /** Not a refusal the service meant to give: log it (the client sees no internals). */
  readonly unexpected: boolean;
}

/** A failure before any JSON-RPC message was served: the request's headers, credential or body were refused. */
export function jsonRpcFailure(error: unknown): JsonRpcFailure {
  if (error instanceof JsonRpcError) {
    return {
      httpStatus: error.httpStatus,
      error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) },
      unexpected: false,
    };
  }
  if (error instanceof ServiceError) {
    // The body was refused before a JSON-RPC message could be read from it.
    if (error.code === 'nesting_too_deep')
      return {
        httpStatus: error.status,
        error: { code: JSON_RPC_CODE.invalidRequest, message: error.message, data: toProblem(error) },
        unexpected: false,
      };
    const problem = toProblem(error);
    const code = problem.status >= 500 ? JSON_RPC_CODE.internalError : JSON_RPC_CODE.requestRefused;
    return {
      httpStatus: problem.status,
      error: { code, message: problem.detail, data: problem },
      unexpected: problem.code === 'internal',
    };
  }
  const refused = frameworkRequestError(error);
  if (refused) {
    return {
      httpStatus: refused.statusCode,
      error: {
        code: isUnparsableBody(refused) ? JSON_RPC_CODE.parseError : JSON_RPC_CODE.requestRefused,
        message: refused.message,
      },
      unexpected: false,
    };
  }
  return { httpStatus: 500, error: { code: JSON_RPC_CODE.internalError, message: 'Internal error' }, unexpected: true };
}

/**
 * A tool call refused or failed once its arguments fit the schema (insufficient funds or credit, a spending-policy
 * refusal, an upstream failure, not implemented, provider not configured, a business rule, a bad payment header):
 * isError with the problem details as structured content, so the host shows the model the reason. Unknown errors
 * become the generic `internal` problem.
 */
export function toolErrorResult(error: unknown, meta?: Readonly<Record<string, unknown>>): CallToolResult {
  return structuredResult(toProblem(error), { isError: true, meta });
}
