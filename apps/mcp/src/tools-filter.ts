import { invalidField } from '@svc/contracts';
import type { McpSurface } from './surfaces.js';

/**
 * Tool filters: comma-separated globs over MCP tool names (`*` any run of characters, `?` one), so a client can load
 * the 20 tools it needs instead of the whole list. A session's filter comes from its credential (an access key's
 * setting) and from the `x-mcp-tools-filter` header; a tool is on the surface only if every filter given matches it.
 */

/** A tool name's characters, plus the two wildcards. */
const PATTERN = /^[A-Za-z0-9_*?-]{1,100}$/;
export const MAX_TOOLS_FILTER_PATTERNS = 100;

/**
 * The globs of a filter given as a list (an access key's setting) or as comma-separated text (the header), each
 * trimmed. Throws a 400 naming `field` for an empty filter, too many globs, or a character no tool name has.
 */
export function parseToolsFilter(value: string | readonly string[], field: string): readonly string[] {
  const patterns = (typeof value === 'string' ? value.split(',') : value).map((pattern) => pattern.trim());
  if (patterns.length === 0 || patterns.every((pattern) => pattern === ''))
    throw invalidField(field, 'required', 'give at least one glob over tool names, e.g. "get*,wallet"');
  if (patterns.length > MAX_TOOLS_FILTER_PATTERNS)
    throw invalidField(field, 'too_big', `at most ${MAX_TOOLS_FILTER_PATTERNS} globs`, {
      limit: MAX_TOOLS_FILTER_PATTERNS,
    });
  const bad = patterns.find((pattern) => !PATTERN.test(pattern));
  if (bad !== undefined)
    throw invalidField(
      field,
      'format',
      `"${bad}" is not a glob over tool names: 1 to 100 of A-Z a-z 0-9 _ - and the wildcards * and ?`,
    );
  return patterns;
}

/** One regular expression for a filter's globs (anchored, so `get*` does not match `forget`). */
function matcherOf(patterns: readonly string[]): RegExp {
  const alternatives = patterns.map((pattern) =>
    pattern.replaceAll('-', '\\-').replaceAll('*', '.*').replaceAll('?', '.'),
  );
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}

/** `surface` narrowed to the tools every filter matches; the surface itself when there is no filter. */
export function filteredSurface(surface: McpSurface, filters: readonly (readonly string[])[]): McpSurface {
  if (filters.length === 0) return surface;
  const matchers = filters.map(matcherOf);
  const visible = (name: string) => matchers.every((matcher) => matcher.test(name));
  return {
    tools: surface.tools.filter((tool) => visible(tool.name)),
    catalogNameOf: (name) => (visible(name) ? surface.catalogNameOf(name) : undefined),
  };
}
