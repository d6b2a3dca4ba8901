import { HEADERS } from './protocol.js';

/**
 * CORS for browser-based MCP clients. Any origin may call: every request must carry a credential in a header (never
 * a cookie), so a page on another origin, or one reached through DNS rebinding, cannot act for a user it does not
 * hold a key or token of. Hence no Access-Control-Allow-Credentials, and preflights need no credentials.
 */
export const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': [
    'content-type',
    HEADERS.authorization,
    HEADERS.apiKey,
    HEADERS.protocolVersion,
    HEADERS.transactions,
  ].join(', '),
  'access-control-max-age': '86400',
} as const;

/** On every actual response: readable from any origin, including the WWW-Authenticate challenge of a 401. */
export const RESPONSE_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'www-authenticate',
} as const;
