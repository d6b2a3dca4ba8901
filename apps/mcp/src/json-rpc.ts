import { JsonRpcError, JSON_RPC_CODE } from './errors.js';

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** What one POST body is: a request to answer, or a notification / response to acknowledge with 202. */
export type IncomingMessage = { readonly kind: 'request'; readonly request: JsonRpcRequest } | { readonly kind: 'acknowledge' };

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const invalidRequest = (message: string) => new JsonRpcError(JSON_RPC_CODE.invalidRequest, message, 400);

/**
 * Classify a POST body. MCP 2025-06-18 carries exactly one JSON-RPC message per POST (it removed batching), so an
 * array is refused like any other malformed envelope: HTTP 400 with -32600.
 */
export function parseMessage(body: unknown): IncomingMessage {
  if (Array.isArray(body)) throw invalidRequest('Batch requests are not supported by MCP 2025-06-18: send one JSON-RPC message per POST.');
  if (!isObject(body) || body.jsonrpc !== '2.0') throw invalidRequest('The body must be one JSON-RPC 2.0 message: an object with "jsonrpc": "2.0".');
  const hasId = 'id' in body;
  if (typeof body.method !== 'string') {
    // A response to a server-initiated request: this server sends none, but accepting one is harmless.
    if (hasId && ('result' in body || 'error' in body)) return { kind: 'acknowledge' };
    throw invalidRequest('A JSON-RPC request needs a string "method".');
  }
  if (body.params !== undefined && !isObject(body.params)) throw invalidRequest('"params" must be an object.');
  if (!hasId) return { kind: 'acknowledge' };
  if (typeof body.id !== 'string' && !(typeof body.id === 'number' && Number.isInteger(body.id))) {
    throw invalidRequest('A request "id" must be a string or an integer (MCP does not allow null).');
  }
  return { kind: 'request', request: { id: body.id, method: body.method, params: (body.params) ?? {} } };
}

export const resultMessage = (id: JsonRpcId, result: unknown) => ({ jsonrpc: '2.0' as const, id, result });

export const errorMessage = (id: JsonRpcId | null, error: { code: number; message: string; data?: unknown }) => ({ jsonrpc: '2.0' as const, id, error });
