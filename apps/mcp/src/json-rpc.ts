import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  isJSONRPCRequest,
  JSONRPCMessageSchema,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { invalidParams, JSON_RPC_CODE, JsonRpcError } from './errors.js';

/** A POST body refused before the SDK's transport sees it, and the id to answer it under. */
export interface Refusal {
  readonly id: RequestId | null;
  readonly error: JsonRpcError;
}

const invalidRequest = (message: string) => new JsonRpcError(JSON_RPC_CODE.invalidRequest, message, 400);

/** The requests whose params the SDK checks in a way that reaches the client badly, with what they need. */
const PARAMS_NEEDED = new Map([
  [
    'initialize',
    {
      schema: InitializeRequestSchema,
      need: 'initialize needs params with "protocolVersion", "capabilities" and "clientInfo" {name, version}.',
    },
  ],
  [
    'tools/call',
    {
      schema: CallToolRequestSchema,
      need: 'tools/call needs params with the tool "name" as a string and its "arguments", if any, as an object.',
    },
  ],
]);

/**
 * The bodies the SDK's transport and server would answer otherwise than MCP and JSON-RPC 2.0 ask:
 * - a batch: MCP 2025-06-18 removed batching, the SDK still runs one (HTTP 400, -32600 here);
 * - JSON that is not one JSON-RPC message: the SDK calls it a parse error, -32700, though it parsed (-32600 here);
 * - an initialize request the SDK cannot read (no protocolVersion, capabilities or clientInfo): its parser's
 *   error carries no JSON-RPC code, so the client would get -32603, an internal error, for its own mistake; and a
 *   tools/call it cannot read, which it answers -32602 with its parser's issues as the message (-32602 saying what
 *   the request needs, here).
 */
export function refusalOf(body: unknown): Refusal | undefined {
  if (Array.isArray(body))
    return {
      id: null,
      error: invalidRequest('Batch requests are not supported by MCP 2025-06-18: send one JSON-RPC message per POST.'),
    };
  if (!JSONRPCMessageSchema.safeParse(body).success) {
    return {
      id: null,
      error: invalidRequest(
        'The body must be one JSON-RPC 2.0 message: "jsonrpc": "2.0", a string or integer "id", a string "method" and object "params".',
      ),
    };
  }
  if (!isJSONRPCRequest(body)) return undefined;
  const needed = PARAMS_NEEDED.get(body.method);
  return needed && !needed.schema.safeParse(body).success
    ? { id: body.id, error: invalidParams(needed.need) }
    : undefined;
}

export const errorMessage = (id: RequestId | null, error: { code: number; message: string; data?: unknown }) => ({
  jsonrpc: '2.0' as const,
  id,
  error,
});

/**
 * MCP 2025-11-25: a server that declares no task support "MUST process requests of that type normally, ignoring any
 * task-augmentation metadata". The SDK's server refuses them instead, with -32603, so the metadata is dropped here.
 */
export function withoutTaskAugmentation(message: unknown): unknown {
  if (!isJSONRPCRequest(message) || message.params?.task === undefined) return message;
  const { task: _ignored, ...params } = message.params;
  return { ...message, params };
}
