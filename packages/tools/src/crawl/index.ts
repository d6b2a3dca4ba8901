// Web extraction (Firecrawl extract): paid per job, so the call settles before it. In sandbox mode (Firecrawl not
// live), the pages of the sandbox's local web, fetched over its loopback HTTP server, and nothing else.
import { isIP } from 'node:net';
import { invalidField, ServiceError } from '@svc/contracts';
import { defineFamily } from '../family.js';
import { type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { liveClient } from '../live-only.js';
import type { LocalWeb } from '../ports/local-web.js';

/** Firecrawl bills each attempt: a caller may ask for at most this many retries of a failed job. */
const MAX_RETRIES = 2;
/** Pages per call: one extract job, bounded so a call's cost stays near its price. */
const MAX_URLS = 10;

/**
 * Why a URL cannot be crawled, or undefined. Firecrawl fetches it, not the service, but an address of our own or a
 * private network is refused anyway: http(s) only, no credentials, no localhost names and no IP literals (a public
 * site has a name).
 */
function urlProblem(url: URL): string | undefined {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isIP(host) !== 0)
    return 'must name a public host (no localhost or IP address)';
  return undefined;
}

const SANDBOX_NOTE =
  'Sandbox answer: the pages of the sandbox local web as fetched (content and metadata). Prompt-driven extraction ' +
  '(prompt, enableWebSearch) is live-only: Firecrawl runs it in live mode.';

/**
 * The sandbox flavour: only the local web's own origin may be fetched (anything else is a 400 before payment); each
 * page is fetched before the payment settles, so a missing page (404) is not charged either.
 */
async function sandboxExtract(
  urls: readonly string[],
  field: (index: number) => string,
  prompt: string | undefined,
  web: LocalWeb,
  context: HandlerContext,
) {
  urls.forEach((raw, index) => {
    if (new URL(raw).origin !== web.origin)
      throw invalidField(
        field(index),
        'sandbox_web',
        `in sandbox mode only the sandbox web (${web.origin}) is crawled`,
      );
  });
  const pages = [];
  for (const url of urls) {
    const page = await web.fetchPage(url);
    if (!page) throw new ServiceError('not_found', `The sandbox web has no page at ${url}.`, { extra: { url } });
    pages.push(page);
  }
  await context.commit?.();
  return { urls, prompt: prompt ?? null, jobId: null, data: { pages }, note: SANDBOX_NOTE };
}

/** Output: `{ urls, prompt, jobId, data }`: what Firecrawl extracted, structured by the prompt (or a default one). */
const crawlExtract: Handler<'crawlExtract'> = withCommitPoint(async (input, context) => {
  const urls = typeof input.url === 'string' ? [input.url] : input.url;
  const field = (index: number) => (typeof input.url === 'string' ? 'url' : `url.${index}`);
  if (urls.length > MAX_URLS) throw invalidField('url', 'max_items', `at most ${MAX_URLS} URLs per call`);
  if (!context.providers.firecrawl && context.localWeb)
    return sandboxExtract(urls, field, input.prompt, context.localWeb, context);
  urls.forEach((raw, index) => {
    const problem = urlProblem(new URL(raw));
    if (problem) throw invalidField(field(index), 'public_url', problem);
  });
  const firecrawl = liveClient(context.providers.firecrawl, 'crawlExtract', 'the sandbox local web');
  await context.commit?.();
  const attempts = 1 + Math.min(MAX_RETRIES, Math.floor(input.options?.retries ?? 0));
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await firecrawl.extract({ urls, prompt: input.prompt, enableWebSearch: input.enableWebSearch });
      return { urls, prompt: input.prompt ?? null, ...result };
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
});

export const crawlFamily = defineFamily({ handlers: { crawlExtract } });
