// Web search (Tavily): paid per search, so the call settles before it.
import { defineFamily } from '../family.js';
import { type Handler, withCommitPoint } from '../handler.js';
import { liveClient } from '../live-only.js';

/** Output: `{ query, results: [{ title, url, snippet, score, publishedAt }] }`, most relevant first. */
const websearch: Handler<'websearch'> = withCommitPoint(async ({ query }, context) => {
  const tavily = liveClient(context.providers.tavily, 'websearch', 'the sandbox local web');
  await context.commit?.();
  return { query, results: await tavily.search(query) };
});

export const webFamily = defineFamily({ handlers: { websearch } });
