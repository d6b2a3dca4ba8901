import type { z } from 'zod';
import type { UpstreamClient } from './upstream-client.js';
import { jsonOrUndefined, parseUpstream, upstreamError } from './upstream-client.js';

/** One JSON request of a keyed REST provider: a GET with a query, or a POST with a JSON body. */
export interface JsonCall<S extends z.ZodType> {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  /** Sent as JSON with POST; absent: GET. */
  readonly body?: unknown;
  /** The fields we use of the answer; another shape is the provider's failure (502). */
  readonly schema: S;
  /** What the call is, for error messages ("trade data"). */
  readonly what: string;
  readonly cacheTtlMs?: number;
  /** The upstream payer's fetch, when the provider is paid per call over x402 (see UpstreamRequest.fetch). */
  readonly fetch?: typeof fetch;
}

/**
 * Sends one JSON call through the provider's shared client and checks the answer: any non-2xx is a 502 naming the
 * provider and the status (with the provider's own message when it gives one), a body of another shape a 502 too.
 * Every call here only reads, so a POST may be retried like a GET.
 */
export async function upstreamJson<S extends z.ZodType>(
  client: UpstreamClient,
  call: JsonCall<S>,
): Promise<z.output<S>> {
  const answer = await client.request({
    url: call.url,
    headers: {
      accept: 'application/json',
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...call.headers,
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body), method: 'POST' as const, idempotent: true }),
    ...(call.cacheTtlMs ? { cacheTtlMs: call.cacheTtlMs } : {}),
    ...(call.fetch ? { fetch: call.fetch } : {}),
  });
  const raw = jsonOrUndefined(answer);
  if (!answer.ok) {
    const said = messageOf(raw);
    throw upstreamError(
      client.provider,
      `answered HTTP ${answer.status} to the ${call.what} request${said ? ` (${said})` : ''}`,
      { upstreamStatus: answer.status },
    );
  }
  if (raw === undefined) throw upstreamError(client.provider, `answered a ${call.what} body that is not JSON`);
  return parseUpstream(call.schema, raw, client.provider, call.what);
}

/** A provider's own explanation in an error body ({message}, {error} or {detail}), cut short: never the whole body. */
function messageOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  const said = [record.message, record.error, record.detail].find((value) => typeof value === 'string');
  return typeof said === 'string' ? said.slice(0, 200) : undefined;
}
