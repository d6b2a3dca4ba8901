import { CATALOG_VERSION } from '@svc/contracts';
import type { Credential } from '@svc/payments';
import type { FastifyBaseLogger } from 'fastify';
import { isProtocolFailure, JSON_RPC_CODE, JsonRpcError, invalidParams, toolErrorResult, unknownTool } from './errors.js';
import { isObject, type JsonRpcRequest } from './json-rpc.js';
import { pageOf } from './pagination.js';
import { PROTOCOL_VERSION } from './protocol.js';
import type { McpSurface } from './surfaces.js';
import type { McpToolCaller } from './tool-caller.js';
import type { CallToolResult } from './tool-results.js';

/** What one authenticated HTTP request brings to the method it carries. */
export interface McpRequestContext {
  readonly credential: Credential;
  /** The surface this request may see and call (standard, with transactions when opted in, read-only for OAuth). */
  readonly surface: McpSurface;
  readonly idempotencyKey: string | undefined;
  readonly log: FastifyBaseLogger;
}

export interface McpMethodOptions {
  readonly caller: McpToolCaller;
  /** tools/list page size. */
  readonly pageSize: number;
}

type Params = JsonRpcRequest['params'];
type Method = (params: Params, context: McpRequestContext) => unknown;

const SERVER_INFO = { name: 'svc-tools', title: 'Multi-chain crypto tool service', version: CATALOG_VERSION };

async function callTool(caller: McpToolCaller, params: Params, context: McpRequestContext): Promise<CallToolResult> {
  const { name, arguments: input, _meta: meta } = params;
  if (typeof name !== 'string') throw invalidParams('tools/call needs the tool "name" as a string.');
  const tool = context.surface.catalogNameOf(name);
  if (!tool) throw unknownTool(name);
  try {
    // Tools without fields may be called without arguments.
    return await caller.call({ tool, arguments: input ?? {}, meta: isObject(meta) ? meta : undefined, credential: context.credential, idempotencyKey: context.idempotencyKey });
  } catch (error) {
    if (isProtocolFailure(error)) throw error;
    const result = toolErrorResult(error);
    if (result.structuredContent?.code === 'internal') context.log.error({ err: error, tool }, 'MCP tool call failed');
    return result;
  }
}

/** The JSON-RPC methods of the endpoint: initialize, ping, tools/list, tools/call. */
export function mcpMethods(options: McpMethodOptions): (request: JsonRpcRequest, context: McpRequestContext) => Promise<unknown> {
  const methods = new Map<string, Method>([
    // Stateless: nothing is negotiated beyond the version, which is always ours (a client that cannot speak it disconnects).
    ['initialize', () => ({ protocolVersion: PROTOCOL_VERSION, capabilities: { tools: { listChanged: false } }, serverInfo: SERVER_INFO })],
    ['ping', () => ({})],
    [
      'tools/list',
      (params, context) => {
        const page = pageOf(context.surface.tools, params.cursor, options.pageSize);
        return { tools: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
      },
    ],
    ['tools/call', (params, context) => callTool(options.caller, params, context)],
  ]);
  return async (request, context) => {
    const method = methods.get(request.method);
    if (!method) throw new JsonRpcError(JSON_RPC_CODE.methodNotFound, `Method not found: ${request.method}`);
    return method(request.params, context);
  };
}
