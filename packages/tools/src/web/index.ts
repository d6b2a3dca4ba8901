// Web search: Tavily live (paid per search, so the call settles before it); in sandbox mode, the sandbox's local web.
import { defineFamily } from '../family.js';
import { type Handler, withCommitPoint } from '../handler.js';
import { liveClient } from '../live-only.js';

/** Output: `{ query, results: [{ title, url, snippet, score, publishedAt }] }`, most relevant first. */
const websearch: Handler<'websearch'> = withCommitPoint(async ({ query }, context) => {
  const tavily = context.providers.tavily;
  if (!tavily && context.localWeb) {
    await context.commit?.();
    return { query, results: await context.localWeb.search(query) };
  }
  const live = liveClient(tavily, 'websearch', 'the sandbox local web');
  await context.commit?.();
  return { query, results: await live.search(query) };
});

export const webFamily = defineFamily({ handlers: { websearch } });
