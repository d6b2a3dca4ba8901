export {
  DEFAULT_EXTRACT_PROMPT,
  type ExtractRequest,
  type ExtractResult,
  FIRECRAWL_SETTING,
  FirecrawlClient,
} from './firecrawl.js';
