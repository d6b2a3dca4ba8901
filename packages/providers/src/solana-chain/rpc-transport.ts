import {
  createDefaultRpcTransport,
  isSolanaError,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
} from '@solana/kit';
import { retryAfterMsOf, type TransientSignal, type UpstreamClient } from '../upstream/index.js';

/** The methods that broadcast a transaction: sent once, never retried (the lost answer may hide a landing). */
const SOLANA_WRITES: ReadonlySet<string> = new Set(['sendTransaction', 'requestAirdrop']);

/**
 * @solana/kit's default HTTP transport (bigint-safe JSON, request coalescing), each request run under the shared
 * upstream client's policies: kit takes no fetch, so the client wraps the transport's calls instead.
 */
export function upstreamRpcTransport(url: string, client: UpstreamClient): RpcTransport {
  const transport = createDefaultRpcTransport({ url });
  return (config) => {
    const method = methodOf(config.payload);
    return client.run(
      (signal) => transport({ ...config, signal: config.signal ? AbortSignal.any([config.signal, signal]) : signal }),
      { what: method ?? 'JSON-RPC', idempotent: method !== undefined && !SOLANA_WRITES.has(method), isTransient },
    );
  };
}

const methodOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && 'method' in payload && typeof payload.method === 'string'
    ? payload.method
    : undefined;

/** kit's HTTP error for a 429 or 5xx, or fetch's network failure (a TypeError): the node's transient failures. */
function isTransient(error: unknown): TransientSignal | false {
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const { statusCode, headers } = error.context;
    return statusCode === 429 || statusCode >= 500
      ? { upstreamStatus: statusCode, retryAfterMs: retryAfterMsOf(headers.get('retry-after')) }
      : false;
  }
  return error instanceof TypeError;
}
