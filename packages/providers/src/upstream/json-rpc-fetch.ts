import type { UpstreamClient } from './upstream-client.js';

/**
 * A `fetch` for SDKs that take one (viem's `http(url, { fetchFn })`), sending their JSON-RPC POSTs through a
 * provider's shared client, so chain reads get its timeout, retries, breaker and rate cap. A request is idempotent,
 * and so retried after a transient failure, only when none of its methods (a batch may hold several) is in
 * `writes`: a transaction broadcast whose answer was lost may have reached the chain, and is sent once.
 *
 * A failure after the client's retries rejects with its 502 `ServiceError`; SDKs wrap it as their error's cause.
 */
export function jsonRpcFetch(client: UpstreamClient, writes: ReadonlySet<string>): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const methods = methodsOf(body);
    const answer = await client.request({
      url: new URL(input instanceof Request ? input.url : String(input)),
      method: 'POST',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(body === undefined ? {} : { body }),
      idempotent: methods !== undefined && methods.every((method) => !writes.has(method)),
    });
    return new Response(answer.text, {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The JSON-RPC methods of a request or batch; undefined when the body is not JSON-RPC (then it is not retried). */
function methodsOf(body: string | undefined): string[] | undefined {
  if (body === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const calls: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const methods = calls.map((call) =>
    typeof call === 'object' && call !== null && 'method' in call && typeof call.method === 'string'
      ? call.method
      : undefined,
  );
  return methods.length > 0 && methods.every((method): method is string => method !== undefined) ? methods : undefined;
}
