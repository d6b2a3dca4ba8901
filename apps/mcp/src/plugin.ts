import { catalog, ServiceError } from '@svc/contracts';
import type { Credential, CredentialResolver } from '@svc/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREFLIGHT_HEADERS, RESPONSE_HEADERS } from './cors.js';
import { JSON_RPC_CODE, JsonRpcError, jsonRpcFailure } from './errors.js';
import { errorMessage, type JsonRpcId, parseMessage, resultMessage } from './json-rpc.js';
import { mcpMethods } from './methods.js';
import { HEADERS, MCP_PATH, PROTOCOL_VERSION, protectedResourceMetadataUrl, TRANSACTIONS_ENABLED } from './protocol.js';
import { mcpSurfaces } from './surfaces.js';
import type { McpToolCaller } from './tool-caller.js';

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
 * `POST /api/mcp`: MCP 2025-06-18 over Streamable HTTP, stateless, JSON responses only (no SSE stream, no session).
 * Register it as a plugin (`app.register(mcpPlugin, options)`): its error handler and CORS headers stay inside it.
 */
export async function mcpPlugin(app: FastifyInstance, options: McpPluginOptions): Promise<void> {
  // Computed once: which surface a request sees is a per-request choice between these two.
  const surfaces = mcpSurfaces(catalog);
  const handle = mcpMethods({ caller: options.caller, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE });
  const challenge = `Bearer resource_metadata="${protectedResourceMetadataUrl(options.publicBaseUrl)}"`;
  const credentials = new WeakMap<FastifyRequest, Credential>();

  function sendFailure(request: FastifyRequest, reply: FastifyReply, id: JsonRpcId | null, error: unknown) {
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
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(RESPONSE_HEADERS);
  });

  app.options(MCP_PATH, async (_request, reply) => reply.code(204).headers(PREFLIGHT_HEADERS).send());

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST, OPTIONS')
      .send(errorMessage(null, { code: JSON_RPC_CODE.requestRefused, message: 'Method not allowed: this endpoint is stateless, with no SSE stream and no session to end. POST one JSON-RPC message.' }));
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);

  app.post(MCP_PATH, {
    // Before the body is parsed: an unauthenticated client gets its 401 without the server reading what it sent.
    onRequest: async (request) => {
      const version = headerValue(request.headers[HEADERS.protocolVersion]);
      // A missing header is accepted (the spec's fallback for clients that predate it); any other version is not ours.
      if (version !== undefined && version !== PROTOCOL_VERSION) {
        throw new JsonRpcError(JSON_RPC_CODE.requestRefused, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${PROTOCOL_VERSION})`, 400);
      }
      credentials.set(request, await options.credentials.resolve({ apiKey: request.headers[HEADERS.apiKey], authorization: request.headers[HEADERS.authorization] }));
    },
    handler: async (request, reply) => {
      const message = parseMessage(request.body);
      if (message.kind === 'acknowledge') return reply.code(202).send();
      const { request: call } = message;
      const credential = credentials.get(request)!;
      // The exact value, on this very request; OAuth sessions stay read-only whatever they send.
      const transactions = request.headers[HEADERS.transactions] === TRANSACTIONS_ENABLED;
      const surface = credential.readOnly ? surfaces.readOnly : transactions ? surfaces.withTransactions : surfaces.standard;
      try {
        const result = await handle(call, {
          credential,
          surface,
          idempotencyKey: headerValue(request.headers['idempotency-key']),
          log: request.log,
        });
        return reply.send(resultMessage(call.id, result));
      } catch (error) {
        return sendFailure(request, reply, call.id, error);
      }
    },
  });
}
