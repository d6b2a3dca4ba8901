import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import { upstreamError } from '../upstream/upstream-client.js';

/** The Firecrawl API key (crawlExtract). */
export const FIRECRAWL_SETTING: ProviderSetting = {
  provider: 'Web extraction (Firecrawl)',
  setting: 'FIRECRAWL_API_KEY',
};

const BASE_URL = 'https://api.firecrawl.dev';
/** An extract job runs asynchronously; the caller waits at most this long, inside the gateway's request timeout. */
const DEFAULT_DEADLINE_MS = 20_000;
const DEFAULT_POLL_MS = 1_000;
/** What Firecrawl is asked when the caller gives no prompt. */
export const DEFAULT_EXTRACT_PROMPT =
  "Extract the page's title, a short summary of its main content, and its key facts (names, dates, numbers, links).";

const startWire = z.object({ success: z.literal(true), id: z.string() });
const statusWire = z.object({
  success: z.boolean(),
  status: z.enum(['processing', 'completed', 'failed', 'cancelled']),
  data: z.unknown().optional(),
  error: z.string().nullish(),
});

export interface ExtractRequest {
  readonly urls: readonly string[];
  readonly prompt?: string | undefined;
  readonly enableWebSearch?: boolean | undefined;
}

export interface ExtractResult {
  readonly jobId: string;
  /** What Firecrawl extracted, as it structured it. */
  readonly data: unknown;
}

/** Firecrawl's extract API (`POST /v2/extract`, then `GET /v2/extract/{id}` until done), `Authorization: Bearer`. */
export class FirecrawlClient {
  readonly #baseUrl: string;
  readonly #pollMs: number;
  readonly #deadlineMs: number;

  constructor(
    private readonly apiKey: string,
    options: { readonly baseUrl?: string; readonly pollMs?: number; readonly deadlineMs?: number } = {},
  ) {
    this.#baseUrl = options.baseUrl ?? BASE_URL;
    this.#pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.#deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  /** Starts one extract job and waits for it; a failed, cancelled or overdue job is a 502. */
  async extract(request: ExtractRequest): Promise<ExtractResult> {
    const client = upstreamClient('firecrawl');
    const headers = { authorization: `Bearer ${this.apiKey}` };
    const started = await upstreamJson(client, {
      url: new URL(`${this.#baseUrl}/v2/extract`),
      headers,
      body: {
        urls: request.urls,
        prompt: request.prompt ?? DEFAULT_EXTRACT_PROMPT,
        enableWebSearch: request.enableWebSearch ?? false,
      },
      schema: startWire,
      what: 'extract',
    });
    const deadline = Date.now() + this.#deadlineMs;
    for (;;) {
      const job = await upstreamJson(client, {
        url: new URL(`${this.#baseUrl}/v2/extract/${encodeURIComponent(started.id)}`),
        headers,
        schema: statusWire,
        what: 'extract status',
      });
      if (job.status === 'completed') return { jobId: started.id, data: job.data ?? null };
      if (job.status !== 'processing')
        throw upstreamError(
          client.provider,
          `extract job ${started.id} ${job.status}${job.error ? `: ${job.error}` : ''}`,
        );
      if (Date.now() + this.#pollMs > deadline)
        throw upstreamError(client.provider, `extract job ${started.id} did not finish within ${this.#deadlineMs} ms`);
      await delay(this.#pollMs);
    }
  }
}
