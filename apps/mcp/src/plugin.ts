import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { catalog, ServiceError } from '@svc/contracts';
import type { Credential, CredentialResolver } from '@svc/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JSON_RPC_CODE, jsonRpcFailure } from './errors.js';
import { errorMessage, refusalOf, withoutTaskAugmentation } from './json-rpc.js';
import { HEADERS, MCP_PATH, protectedResourceMetadataUrl, TRANSACTIONS_ENABLED } from './protocol.js';
import { mcpServer } from './server.js';
import { mcpSurfaces } from './surfaces.js';
import type { McpToolCaller } from './tool-caller.js';
import { filteredSurface, parseToolsFilter } from './tools-filter.js';

export interface McpPluginOptions {
  /** PUBLIC_BASE_URL: the protected-resource metadata URL named in every 401 is built from it. */
  readonly publicBaseUrl: string;
  /** Authenticates every request: exactly one of x-api-key or Authorization: Bearer. */
  readonly credentials: Pick<CredentialResolver, 'resolve'>;
  /** Runs tools/call (`InvokeToolCaller` goes through `ToolService.invoke`). */
  readonly caller: McpToolCaller;
  /** tools/list page size (default 100). */
  readonly pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 100;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * The request as the SDK's web-standard transport reads it. Fastify has parsed the body (as JSON: anything else got
 * its 415), and the answer is JSON whatever the client accepts, so the transport is told the one media type both ways
 * (it would refuse a client that does not list text/event-stream too, though no stream is ever sent). The protocol
 * version header is the client's: the transport checks it against the versions the SDK speaks.
 */
function transportRequest(url: string, protocolVersion: string | undefined): Request {
  const headers: Record<string, string> = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
  };
  if (protocolVersion !== undefined) headers[HEADERS.protocolVersion] = protocolVersion;
  return new Request(url, { method: 'POST', headers });
}

/** The filters narrowing a request's surface: its credential's setting, then the header's (both must match). */
function toolsFilters(credential: Credential, header: string | string[] | undefined): (readonly string[])[] {
  const filters = credential.toolsFilter ? [credential.toolsFilter] : [];
  const value = headerValue(header);
  if (value !== undefined) filters.push(parseToolsFilter(value, HEADERS.toolsFilter));
  return filters;
}

/**
 * `POST /api/mcp`: MCP over Streamable HTTP on the SDK's server and transport, stateless, JSON responses only (no SSE
 * stream, no session). Register it as a plugin (`app.register(mcpPlugin, options)`): its error handler stays inside it.
 * CORS is the host's one registration, with MCP_CORS_HEADERS.
 */
export async function mcpPlugin(app: FastifyInstance, options: McpPluginOptions): Promise<void> {
  // Computed once: which surface a request sees is a per-request choice between these.
  const surfaces = mcpSurfaces(catalog);
  const serverOptions = { caller: options.caller, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE };
  const challenge = `Bearer resource_metadata="${protectedResourceMetadataUrl(options.publicBaseUrl)}"`;
  const endpointUrl = `${options.publicBaseUrl}${MCP_PATH}`;
  const credentials = new WeakMap<FastifyRequest, Credential>();

  function sendFailure(request: FastifyRequest, reply: FastifyReply, id: string | number | null, error: unknown) {
    const failure = jsonRpcFailure(error);
    if (failure.unexpected) request.log.error({ err: error }, 'MCP request failed');
    if (failure.httpStatus === 401) {
      // RFC 9728 / MCP authorization: a 401 points at the protected-resource metadata; a rejected token says so too.
      const rejected = error instanceof ServiceError && error.code === 'credentials_invalid';
      reply.header('www-authenticate', rejected ? `${challenge}, error="invalid_token"` : challenge);
    }
    return reply.code(failure.httpStatus).send(errorMessage(id, failure.error));
  }

  // Anything that fails before a message is read (headers, credentials, body parsing) answers with id null.
  app.setErrorHandler((error, request, reply) => sendFailure(request, reply, null, error));

  // The SDK's transport in stateless mode would open an SSE stream on GET and "end" a session that never was on DELETE.
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST, OPTIONS')
      .send(
        errorMessage(null, {
          code: JSON_RPC_CODE.requestRefused,
          message:
            'Method not allowed: this endpoint is stateless, with no SSE stream and no session to end. POST one JSON-RPC message.',
        }),
      );
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);

  app.post(MCP_PATH, {
    // Before the body is parsed: an unauthenticated client gets its 401 without the server reading what it sent.
    onRequest: async (request) => {
      credentials.set(
        request,
        await options.credentials.resolve({
          apiKey: request.headers[HEADERS.apiKey],
          authorization: request.headers[HEADERS.authorization],
        }),
      );
    },
    handler: async (request, reply) => {
      const refusal = refusalOf(request.body);
      if (refusal) return sendFailure(request, reply, refusal.id, refusal.error);
      const credential = credentials.get(request)!;
      // The exact value, on this very request; OAuth sessions stay read-only whatever they send.
      const transactions = request.headers[HEADERS.transactions] === TRANSACTIONS_ENABLED;
      const surface = filteredSurface(
        credential.readOnly ? surfaces.readOnly : transactions ? surfaces.withTransactions : surfaces.standard,
        toolsFilters(credential, request.headers[HEADERS.toolsFilter]),
      );
      const server = mcpServer(serverOptions, {
        credential,
        surface,
        idempotencyKey: headerValue(request.headers['idempotency-key']),
        log: request.log,
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        const response = await transport.handleRequest(
          transportRequest(endpointUrl, headerValue(request.headers[HEADERS.protocolVersion])),
          { parsedBody: withoutTaskAugmentation(request.body) },
        );
        reply.code(response.status);
        for (const [name, value] of response.headers) reply.header(name, value);
        // A notification or response is acknowledged with 202 and no body; an answer's bytes are sent as they are.
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
      } finally {
        await server.close();
      }
    },
  });
}
