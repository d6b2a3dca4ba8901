import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { TaskState } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { findTool } from '@svc/contracts';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { callTool, WITH_X402 } from './a2a-harness.js';
import { checkedMcpFetch } from './mcp-harness.js';

/** What one call answered, reduced to what the fuzz properties need. */
export interface Answer {
  /** The call was refused (HTTP >= 400, an isError result, a failed or input-required task, a JSON-RPC error). */
  readonly refused: boolean;
  /** A server fault: HTTP 5xx, JSON-RPC -32603, or a tool result / task whose problem has a 5xx status. */
  readonly fault: boolean;
  /** Status, error code or task state, for the report of a failing property. */
  readonly summary: string;
}

const INTERNAL_ERROR = -32603;

/** A 5xx, except 501: a catalog tool without a handler answers 501 by design (and is never charged). */
export const isServerFault = (status: number) => status >= 500 && status !== 501;

const problemStatus = (value: unknown): number | undefined => {
  const status = (value as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
};

const faultyProblem = (value: unknown) => isServerFault(problemStatus(value) ?? 0);

/** A JSON-RPC response body: an error with -32603 is a fault, as a 5xx is. */
export function jsonRpcAnswer(httpStatus: number, text: string): Answer {
  let body: { error?: { code?: number; message?: string }; result?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const code = body?.error?.code;
  const result = body?.result as
    | { isError?: boolean; structuredContent?: unknown; status?: { state?: unknown; message?: { parts?: unknown[] } } }
    | undefined;
  const resultFault = faultyProblem(result?.structuredContent) || problemInParts(result?.status?.message?.parts);
  return {
    refused:
      httpStatus >= 400 || code !== undefined || result?.isError === true || !completedState(result?.status?.state),
    fault: isServerFault(httpStatus) || code === INTERNAL_ERROR || resultFault,
    summary: `${httpStatus}${code === undefined ? '' : ` ${code} ${body?.error?.message ?? ''}`.slice(0, 160)}`,
  };
}

const completedState = (state: unknown) =>
  state === undefined || state === 'completed' || state === 'TASK_STATE_COMPLETED';

/** A task's status message carries a problem as a data part (A2A 1.0 `{data}` or 0.3 `{kind:"data", data}`). */
function problemInParts(parts: readonly unknown[] | undefined): boolean {
  return (parts ?? []).some((part) => {
    const candidate = part as { data?: unknown; content?: { $case?: string; value?: unknown } };
    return (
      faultyProblem(candidate.data) || (candidate.content?.$case === 'data' && faultyProblem(candidate.content.value))
    );
  });
}

/** An error thrown by an SDK client: a JSON-RPC error code, or an HTTP status it names. */
export function thrownAnswer(error: unknown): Answer {
  const { code, envelopeCode, message } = error as { code?: unknown; envelopeCode?: unknown; message?: unknown };
  const rpcCode = typeof envelopeCode === 'number' ? envelopeCode : typeof code === 'number' ? code : undefined;
  const text = String(message ?? error);
  const httpStatus = Number(/\b(?:Status:?|HTTP)\s*(\d{3})\b/i.exec(text)?.[1] ?? 0);
  return {
    refused: true,
    fault:
      rpcCode === INTERNAL_ERROR || isServerFault(httpStatus) || /fetch failed|ECONNRESET|socket hang up/i.test(text),
    summary: `thrown ${rpcCode ?? ''} ${text.slice(0, 160)}`,
  };
}

/** The gateway's three doors, called with the official clients where a client can say it, raw JSON-RPC otherwise. */
export interface Transports {
  /** REST: POST /api/tools/execute/unified/<tool> with a raw JSON body (hostile JSON stays as written). */
  rest(tool: string, rawBody: string, headers?: Record<string, string>): Promise<Answer>;
  /** MCP tools/call through the MCP SDK client. */
  mcp(tool: string, input: unknown, meta?: Record<string, unknown>): Promise<Answer>;
  /** A2A message/send of a `{tool, input}` data part through the A2A SDK client. */
  a2a(tool: string, input: unknown): Promise<Answer>;
  /** One raw JSON-RPC message (its text as written) to /api/mcp or /api/a2a. */
  rawJsonRpc(endpoint: 'mcp' | 'a2a', rawBody: string, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

/** Every tool is reachable over MCP on the transaction surface, a write tool as `<name>-transaction`. */
const MCP_TRANSACTIONS = { 'x-mcp-transactions': 'enabled' };
export const mcpNameOf = (tool: string) => (findTool(tool)?.effect === 'write' ? `${tool}-transaction` : tool);

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch that hands each request to the gateway in-process (fastify.inject): the SDK clients speak their real
 * protocol to the real routes, without a socket per call, which keeps thousands of fuzz calls fast.
 */
export function injectFetch(app: FastifyInstance, headers: Record<string, string> = {}): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), ...headers },
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) responseHeaders.set(name, String(value));
    return new Response(NULL_BODY_STATUSES.has(res.statusCode) ? null : res.rawPayload, {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * Open the transports of the gateway `app` (public base URL `baseUrl`), authenticated on MCP and A2A with the access
 * key `key`. `x402Extension`: activate the x402 A2A extension (a call that needs payment then waits for one).
 */
export async function openTransports(
  app: FastifyInstance,
  baseUrl: string,
  key: string,
  options: { x402Extension: boolean },
): Promise<Transports> {
  const mcpClient = new McpClient({ name: 'svc-fuzz', version: '1.0.0' });
  const mcpHeaders = { 'x-api-key': key, ...MCP_TRANSACTIONS };
  await mcpClient.connect(
    new StreamableHTTPClientTransport(new URL('/api/mcp', baseUrl), {
      fetch: checkedMcpFetch(injectFetch(app, mcpHeaders)),
    }),
  );
  const a2aHeaders = { 'x-api-key': key, ...(options.x402Extension ? WITH_X402 : {}) };
  const a2a = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl: injectFetch(app, a2aHeaders) })],
  });
  const a2aClient = await a2a.createFromUrl(baseUrl);
  const post = injectFetch(app);
  const send = async (path: string, rawBody: string, headers: Record<string, string>) => {
    const res = await post(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: rawBody,
    });
    return { status: res.status, text: await res.text() };
  };
  const guarded = async (call: () => Promise<Answer>) => {
    try {
      return await call();
    } catch (error) {
      return thrownAnswer(error);
    }
  };
  return {
    rest: (tool, rawBody, headers = {}) =>
      guarded(async () => {
        const { status, text } = await send(`/api/tools/execute/unified/${tool}`, rawBody, headers);
        return { refused: status >= 400, fault: isServerFault(status), summary: `${status} ${text.slice(0, 160)}` };
      }),
    mcp: (tool, input, meta) =>
      guarded(async () => {
        const params = {
          name: mcpNameOf(tool),
          arguments: input as Record<string, unknown>,
          ...(meta ? { _meta: meta } : {}),
        };
        const result = await mcpClient.callTool(params);
        const problem = result.isError ? result.structuredContent : undefined;
        const summary = `isError=${String(result.isError ?? false)} ${JSON.stringify(problem ?? {}).slice(0, 160)}`;
        return { refused: result.isError === true, fault: faultyProblem(problem), summary };
      }),
    a2a: (tool, input) =>
      guarded(async () => {
        const reply = await a2aClient.sendMessage(callTool(tool, input));
        const status = (reply as { status?: { state?: unknown; message?: { parts?: unknown[] } } }).status;
        const problem = (status?.message?.parts ?? [])
          .map((part) => JSON.stringify(part))
          .join(' ')
          .slice(0, 160);
        const completed = status?.state === TaskState.TASK_STATE_COMPLETED;
        return {
          refused: !completed,
          fault: problemInParts(status?.message?.parts),
          summary: `${TaskState[status?.state as TaskState] ?? 'message'} ${problem}`,
        };
      }),
    rawJsonRpc: (endpoint, rawBody, headers = {}) =>
      guarded(async () => {
        const { status, text } = await send(`/api/${endpoint}`, rawBody, {
          ...(endpoint === 'mcp' ? mcpHeaders : a2aHeaders),
          ...headers,
        });
        return jsonRpcAnswer(status, text);
      }),
    close: () => mcpClient.close(),
  };
}

/** The raw text of a JSON-RPC request whose params are given as raw JSON text (so hostile JSON stays as written). */
export function rawRequest(method: string, rawParams: string, rawId = '1'): string {
  return `{"jsonrpc":"2.0","id":${rawId},"method":"${method}","params":${rawParams}}`;
}

/** A2A `message/send` params carrying a `{tool, input}` data part, the input as raw JSON text. */
export function rawA2aSend(tool: string, rawInput: string, rawMetadata = '{}'): string {
  const message =
    `{"kind":"message","messageId":"${randomUUID()}","role":"user","metadata":${rawMetadata},` +
    `"parts":[{"kind":"data","data":{"tool":${JSON.stringify(tool)},"input":${rawInput}}}]}`;
  return `{"message":${message}}`;
}
