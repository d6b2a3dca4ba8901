import type { SandboxWeb } from '@svc/sandbox';
import type { LocalWeb, LocalWebPage } from '../ports/local-web.js';

const decodeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] as string);

/** The page's title, meta description and visible text, read from the HTML the local web served. */
function readPage(url: string, statusCode: number, contentType: string, html: string): LocalWebPage {
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/i.exec(html)?.[1] ?? '';
  const body = /<body>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const content = body
    .replace(/<[^>]+>/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return {
    url,
    title: decodeHtml(title),
    description: decodeHtml(description),
    content: decodeHtml(content),
    statusCode,
    contentType,
  };
}

/** The sandbox web, searched in process and fetched over its real loopback HTTP server. */
export function sandboxLocalWeb(web: SandboxWeb): LocalWeb {
  return {
    origin: web.origin,
    search: async (query) =>
      web.search(query).map(({ page, score }) => ({
        title: page.title,
        url: `${web.origin}${page.path}`,
        snippet: page.description,
        score,
        publishedAt: null,
      })),
    fetchPage: async (url) => {
      const response = await fetch(url, { redirect: 'error' });
      if (response.status === 404) return undefined;
      return readPage(url, response.status, response.headers.get('content-type') ?? '', await response.text());
    },
  };
}
