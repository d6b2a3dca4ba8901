import { ServiceError } from '@svc/contracts';
import type { z } from 'zod';

/** Upstream calls give up after this long, so a hung provider fails one tool call instead of holding it open. */
const UPSTREAM_TIMEOUT_MS = 10_000;

/** A provider failed us (unreachable, 5xx, refused our request, or answered something unreadable): 502 for the caller. */
export const upstreamError = (provider: string, detail: string, extra: Record<string, unknown> = {}, cause?: unknown) =>
  new ServiceError('upstream_error', `${provider} failed: ${detail}. Try again shortly.`, { extra: { provider, ...extra }, cause });

/**
 * GET a JSON document from a provider's API. Resolves `undefined` on 404, so each client decides what "missing"
 * means for its resource; every other failure is an `upstream_error` naming the provider and the HTTP status.
 */
export async function getJson(url: URL, provider: string, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch (error) {
    throw upstreamError(provider, `unreachable (${error instanceof Error ? error.message : String(error)})`, {}, error);
  }
  if (response.status === 404) return undefined;
  if (!response.ok) throw upstreamError(provider, `answered HTTP ${response.status}`, { upstreamStatus: response.status });
  try {
    return await response.json();
  } catch (error) {
    throw upstreamError(provider, 'answered a body that is not JSON', { upstreamStatus: response.status }, error);
  }
}

/** A provider's document checked against the fields we use; another shape is the provider's failure (502), never guessed at. */
export function parseUpstream<S extends z.ZodType>(schema: S, raw: unknown, provider: string, what: string): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw upstreamError(provider, `answered an unexpected ${what} document (${result.error.issues[0]?.message ?? 'invalid'})`);
  return result.data;
}
