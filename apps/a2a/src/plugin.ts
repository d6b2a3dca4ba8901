import { AgentCard, Extensions } from '@a2a-js/sdk';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { defaultServerCallContextBuilder, JsonRpcTransportHandler, validateVersion } from '@a2a-js/sdk/server';
import { A2A_LEGACY_PROTOCOL_VERSION } from '@a2a-js/sdk/compat/v0_3';
import { containsNul, invalidField, ServiceError } from '@svc/contracts';
import type { Credential, CredentialResolver } from '@svc/payments';
import type { Queryable } from '@svc/store';
import type { ToolService } from '@svc/tools';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentCardV1 } from './agent-card.js';
import { AccountUser } from './caller.js';
import { httpFailure } from './errors.js';
import { ToolCallExecutor } from './executor.js';
import { A2A_PATH, HEADERS } from './protocol.js';
import { ToolTaskRequestHandler } from './request-handler.js';
import { DbTaskStore } from './task-store.js';

export interface A2aPluginOptions {
  /** PUBLIC_BASE_URL: the agent card (and so the versions this endpoint speaks) is built from it. */
  readonly publicBaseUrl: string;
  /** Authenticates every request: exactly one of x-api-key or Authorization: Bearer. */
  readonly credentials: Pick<CredentialResolver, 'resolve'>;
  /** Runs every tool call, and prepares the calls waiting for approval. */
  readonly tools: Pick<ToolService, 'invoke' | 'prepare'>;
  /** Where tasks are kept, scoped to their account. */
  readonly db: Queryable;
  /** How long an approval request stays valid (default 10 minutes). */
  readonly approvalTtlMs?: number | undefined;
  readonly now?: (() => Date) | undefined;
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/** The body's JSON-RPC id when it has a usable one, for errors raised outside the SDK. */
const requestIdOf = (body: unknown) => {
  const id = (body as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/**
 * `POST /api/a2a`: A2A over JSON-RPC through the `@a2a-js/sdk` transport handlers, A2A 1.0 with `A2A-Version: 1.0`
 * and 0.3 without it (the SDK's rule). Blocking request/response only: the card offers no streaming. Register it
 * as a plugin (`app.register(a2aPlugin, options)`): its error handler stays inside it.
 */
export async function a2aPlugin(app: FastifyInstance, options: A2aPluginOptions): Promise<void> {
  const card = AgentCard.fromJSON(agentCardV1(options.publicBaseUrl));
  const executor = new ToolCallExecutor({
    tools: options.tools,
    db: options.db,
    approvalTtlMs: options.approvalTtlMs,
    now: options.now,
  });
  const handler = new ToolTaskRequestHandler(card, new DbTaskStore(options.db), executor);
  const v1 = new JsonRpcTransportHandler(handler);
  const legacy = new LegacyJsonRpcTransportHandler(handler);
  const credentials = new WeakMap<FastifyRequest, Credential>();

  app.setErrorHandler((error, request, reply) => {
    const failure = httpFailure(error);
    if (failure.unexpected) request.log.error({ err: error }, 'A2A request failed');
    if (failure.httpStatus === 401)
      reply.header(
        'www-authenticate',
        error instanceof ServiceError && error.code === 'credentials_invalid'
          ? 'Bearer error="invalid_token"'
          : 'Bearer',
      );
    return reply.code(failure.httpStatus).send({ jsonrpc: '2.0', id: null, error: failure.error });
  });

  app.post(A2A_PATH, {
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
      const requestedVersion = headerValue(request.headers[HEADERS.version]) || undefined;
      const useLegacy = (requestedVersion ?? A2A_LEGACY_PROTOCOL_VERSION) === A2A_LEGACY_PROTOCOL_VERSION;
      const mapError = useLegacy
        ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
        : JsonRpcTransportHandler.mapToJSONRPCError;
      // The x402 extension spec names X-A2A-Extensions (the 0.3 header); A2A 1.0 renamed it. Either activates it.
      const extensions =
        headerValue(request.headers[HEADERS.legacyExtensions]) ?? headerValue(request.headers[HEADERS.extensions]);
      const context = defaultServerCallContextBuilder({
        extensions: Extensions.parseServiceParameter(extensions),
        user: new AccountUser(credentials.get(request)!),
        headers: request.headers,
        requestedVersion,
      });
      if (containsNul(request.body)) {
        const failure = httpFailure(
          invalidField(
            'message',
            'format',
            'must not contain the NUL character (U+0000) in any string: tasks are stored as JSON, which cannot hold it',
          ),
        );
        return reply
          .code(failure.httpStatus)
          .send({ jsonrpc: '2.0', id: requestIdOf(request.body), error: failure.error });
      }
      try {
        validateVersion(context.requestedVersion, card, 'JSONRPC');
      } catch (error) {
        return reply.send({ jsonrpc: '2.0', id: requestIdOf(request.body), error: mapError(error) });
      }
      const response = await (useLegacy ? legacy : v1).handle(request.body as Record<string, unknown>, context);
      if (context.activatedExtensions)
        reply.header(
          useLegacy ? HEADERS.legacyExtensions : HEADERS.extensions,
          [...context.activatedExtensions].join(', '),
        );
      if (response && Symbol.asyncIterator in response) {
        // Only the streaming methods answer with a stream, and the SDK refuses them on its first step because the
        // card offers no streaming: that refusal is the answer.
        try {
          await response[Symbol.asyncIterator]().next();
        } catch (error) {
          return reply.send({ jsonrpc: '2.0', id: requestIdOf(request.body), error: mapError(error) });
        }
        throw new ServiceError('internal', 'An A2A stream started although streaming is not offered.');
      }
      return reply.send(response);
    },
  });
}
