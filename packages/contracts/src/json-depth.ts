import { ServiceError } from './errors.js';

/**
 * How deep a JSON request body may nest objects and arrays. Tool bodies, MCP messages with `_meta` and A2A messages
 * with data parts stay under 15 levels; a few thousand levels overflow the stack of whatever walks the value later
 * (validation, cloning, serialising), so they are refused where the body is read.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text opens more than `limit` nested objects or arrays at some point. One pass over the text (string
 * contents and escapes skipped), so it runs before the text is parsed and costs no recursion of its own.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/** The refusal of such a body: 400 on REST, JSON-RPC -32600 on MCP and A2A. */
export const nestingTooDeep = () =>
  new ServiceError(
    'nesting_too_deep',
    `The JSON body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
    { extra: { limit: MAX_JSON_DEPTH } },
  );
