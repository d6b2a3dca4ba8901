import { isDeepStrictEqual } from 'node:util';
import type { MockAgent } from 'undici';

/** One recorded JSON-RPC exchange (fixtures/*.json). */
export interface JsonRpcExchange {
  readonly request: { readonly method: string; readonly params: unknown };
  readonly response: { readonly result?: unknown; readonly error?: unknown };
}

interface JsonRpcRequest {
  readonly id: number;
  readonly method: string;
  readonly params: unknown;
}

/**
 * Serves `exchanges` at `rpcUrl` on a test's MockAgent: each POSTed request gets the answer of the first unused
 * exchange with the same method and params (its id echoed; omitted params match []). A request with no recorded
 * exchange gets the answer of `otherwise` (a test's computed one, e.g. for an eth_call) or a JSON-RPC error naming it. Returns every
 * request received, in order, and the exchanges not yet used.
 */
export function replayJsonRpc(
  agent: MockAgent,
  rpcUrl: string,
  exchanges: readonly JsonRpcExchange[],
  otherwise?: (request: JsonRpcRequest) => JsonRpcExchange['response'],
) {
  const unused = [...exchanges];
  const received: JsonRpcRequest[] = [];
  const url = new URL(rpcUrl);
  agent
    .get(url.origin)
    .intercept({ method: 'POST', path: url.pathname })
    .reply((options) => {
      const sent = JSON.parse(String(options.body)) as JsonRpcRequest;
      const request = { ...sent, params: sent.params ?? [] };
      received.push(request);
      const index = unused.findIndex(
        (exchange) =>
          exchange.request.method === request.method && isDeepStrictEqual(exchange.request.params, request.params),
      );
      let answer: JsonRpcExchange['response'];
      if (index >= 0) answer = unused.splice(index, 1)[0]!.response;
      else if (otherwise) answer = otherwise(request);
      else answer = { error: { code: -32601, message: `no recorded answer for ${request.method}` } };
      return {
        statusCode: 200,
        data: { jsonrpc: '2.0', id: request.id, ...answer },
        responseOptions: { headers: { 'content-type': 'application/json' } },
      };
    })
    .persist();
  return { received, unused };
}
