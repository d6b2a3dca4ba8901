import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

/** The Tavily API key (websearch). */
export const TAVILY_SETTING: ProviderSetting = { provider: 'Web search (Tavily)', setting: 'TAVILY_API_KEY' };

const BASE_URL = 'https://api.tavily.com';
const MAX_RESULTS = 10;

const searchWire = z.object({
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      content: z.string(),
      score: z.number(),
      published_date: z.string().nullish(),
    }),
  ),
});

/** One search hit, in the shape both Tavily and the sandbox's local web give. */
export interface WebResult {
  readonly title: string;
  readonly url: string;
  /** The most relevant passage of the page. */
  readonly snippet: string;
  /** Relevance, higher first (Tavily: 0-1). */
  readonly score: number;
  readonly publishedAt: string | null;
}

/** Tavily's search API (`POST /search`, `Authorization: Bearer`). */
export class TavilyClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = BASE_URL,
  ) {}

  /** A basic-depth general search (1 credit), most relevant first. */
  async search(query: string): Promise<WebResult[]> {
    const body = await upstreamJson(upstreamClient('tavily'), {
      url: new URL(`${this.baseUrl}/search`),
      headers: { authorization: `Bearer ${this.apiKey}` },
      body: { query, topic: 'general', search_depth: 'basic', max_results: MAX_RESULTS },
      schema: searchWire,
      what: 'search',
    });
    return body.results.map((result) => ({
      title: result.title,
      url: result.url,
      snippet: result.content,
      score: result.score,
      publishedAt: result.published_date ?? null,
    }));
  }
}
