export { type GemFilters, passesGemFilters } from './gem-filters.js';
export { type GemSort, type GemTimeframe, type GemToken, JupiterTokensClient } from './jupiter-tokens.js';
