/** One websearch result, as the live search answers it. */
export interface WebSearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
  readonly score: number;
  readonly publishedAt: string | null;
}

/** A page the local web served, as crawlExtract reports it. */
export interface LocalWebPage {
  readonly url: string;
  readonly title: string;
  readonly description: string;
  readonly content: string;
  readonly statusCode: number;
  readonly contentType: string;
}

/**
 * The sandbox's local web (pages about the sandbox tokens on loopback HTTP), which websearch and crawlExtract use in
 * sandbox mode instead of their providers. crawlExtract fetches nothing outside `origin`.
 */
export interface LocalWeb {
  readonly origin: string;
  search(query: string): Promise<WebSearchResult[]>;
  /** Fetches the page over HTTP; undefined when the local web has no page there. */
  fetchPage(url: string): Promise<LocalWebPage | undefined>;
}
