import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolRequest,
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CATALOG_VERSION } from '@svc/contracts';
import type { Credential } from '@svc/payments';
import type { FastifyBaseLogger } from 'fastify';
import { argumentError, JSON_RPC_CODE, JsonRpcError, toolErrorResult, unknownTool } from './errors.js';
import { pageOf } from './pagination.js';
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

export interface McpServerOptions {
  readonly caller: McpToolCaller;
  /** tools/list page size. */
  readonly pageSize: number;
}

const SERVER_INFO = { name: 'svc-tools', title: 'Multi-chain crypto tool service', version: CATALOG_VERSION };

/**
 * The server validates no JSON Schema itself (it never elicits), but builds an Ajv instance when given none: one,
 * shared, spares each request that cost.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * The SDK parses a request with the schema its handler was registered under, and a parse failure carries no JSON-RPC
 * code, so it reaches the client as -32603, an internal error. Registered under their method alone, the handlers see
 * every request: tools/list checks its cursor itself, and a tools/call the SDK cannot read never reaches the server
 * (json-rpc.ts answers it -32602).
 */
const LIST_TOOLS = ListToolsRequestSchema.pick({ method: true }).loose();
const CALL_TOOL = CallToolRequestSchema.pick({ method: true }).loose();

async function callTool(
  caller: McpToolCaller,
  { name, arguments: input, _meta: meta }: CallToolRequest['params'],
  context: McpRequestContext,
): Promise<CallToolResult> {
  const tool = context.surface.catalogNameOf(name);
  if (!tool) throw unknownTool(name);
  try {
    return await caller.call({
      tool,
      // Tools without fields may be called without arguments.
      arguments: input ?? {},
      meta,
      credential: context.credential,
      idempotencyKey: context.idempotencyKey,
    });
  } catch (error) {
    if (error instanceof JsonRpcError) throw error;
    // Arguments their schema refuses are the protocol's invalid params (-32602).
    const argument = argumentError(error);
    if (argument) throw argument;
    // Whatever the call met once its arguments were valid (insufficient funds, a policy refusal, an upstream failure,
    // a business rule) is a result the host shows the model, not a protocol error.
    const result = toolErrorResult(error);
    if (result.structuredContent?.code === 'internal') context.log.error({ err: error, tool }, 'MCP tool call failed');
    return result;
  }
}

/**
 * The MCP server answering one HTTP request: the SDK's `Server` with the catalog's tools (initialize, its version
 * negotiation and ping are the SDK's own). One per request, as the SDK's stateless mode wants: a server serves one
 * transport, and this one knows the request's credential and surface.
 */
export function mcpServer(options: McpServerOptions, context: McpRequestContext): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    jsonSchemaValidator: SCHEMA_VALIDATOR,
  });
  server.setRequestHandler(LIST_TOOLS, (request) => {
    // params is an object or absent: the envelope was checked before the transport took it (json-rpc.ts).
    const page = pageOf(
      context.surface.tools,
      (request.params as { cursor?: unknown } | undefined)?.cursor,
      options.pageSize,
    );
    return { tools: [...page.items], ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  });
  // Checked against CallToolRequestSchema before the transport took it (json-rpc.ts), and again by the SDK's wrapper.
  server.setRequestHandler(CALL_TOOL, (request) =>
    callTool(options.caller, (request as CallToolRequest).params, context),
  );
  server.fallbackRequestHandler = async (request) => {
    throw new JsonRpcError(JSON_RPC_CODE.methodNotFound, `Method not found: ${request.method}`);
  };
  return server;
}
