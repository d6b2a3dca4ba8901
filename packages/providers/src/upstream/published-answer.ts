import { ServiceError } from '@svc/contracts';
import type { z } from 'zod';
import { upstreamJson } from './json-call.js';
import { upstreamClient } from './registry.js';
import type { UpstreamProviderKey } from './limits.js';
import { parseUpstream } from './upstream-client.js';

/** A GET whose answer is a tool's answer as the provider sends it (Ordiscan, Stampchain). */
export interface PublishedAnswerCall {
  readonly provider: UpstreamProviderKey;
  /** The tool's published answer schema, which the body must match. */
  readonly answer: z.ZodType;
  /** The tool (for error messages). */
  readonly tool: string;
  readonly url: URL;
  readonly headers?: Readonly<Record<string, string>>;
  readonly cacheTtlMs: number;
}

/**
 * Sends the GET through the provider's shared client and returns its body unchanged (fields beyond the published
 * schema kept) once it matches the tool's published answer: another shape is a 502 naming the provider, its 404 is
 * the tool's 404.
 */
export async function publishedAnswer<T>(call: PublishedAnswerCall, envelope: z.ZodType<T>): Promise<T> {
  const client = upstreamClient(call.provider);
  try {
    const body = await upstreamJson(client, {
      url: call.url,
      headers: call.headers ?? {},
      schema: envelope,
      what: call.tool,
      cacheTtlMs: call.cacheTtlMs,
    });
    parseUpstream(call.answer, body, client.provider, call.tool);
    return body as T;
  } catch (error) {
    if (error instanceof ServiceError && error.extra?.upstreamStatus === 404)
      throw new ServiceError('not_found', `${client.provider} has nothing at ${call.url.pathname} (HTTP 404).`);
    throw error;
  }
}
