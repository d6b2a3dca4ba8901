import type { Migration } from './migration.js';

/**
 * An access key, and an OAuth grant (chosen on the consent page), may carry a tools filter: a JSON array of globs over
 * MCP tool names. A session on that key or grant lists and calls only the tools they match (and the
 * `x-mcp-tools-filter` header narrows it further). NULL: no limit.
 */
export const accessKeyToolsFilter: Migration = {
  version: 25,
  name: 'access_key_tools_filter',
  sql: `
ALTER TABLE access_keys ADD COLUMN tools_filter jsonb CHECK (tools_filter IS NULL OR jsonb_typeof(tools_filter) = 'array');
ALTER TABLE oauth_grants ADD COLUMN tools_filter jsonb CHECK (tools_filter IS NULL OR jsonb_typeof(tools_filter) = 'array');
`,
};
