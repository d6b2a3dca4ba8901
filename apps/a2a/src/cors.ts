import { HEADERS } from './protocol.js';

/**
 * CORS for browser-based A2A clients. Any origin may call: every request must carry a credential in a header (never
 * a cookie), so a page on another origin cannot act for a user whose key or token it does not hold. Hence no
 * Access-Control-Allow-Credentials, and preflights need no credentials.
 */
export const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': [
    'content-type',
    HEADERS.authorization,
    HEADERS.apiKey,
    HEADERS.version,
    HEADERS.extensions,
    HEADERS.legacyExtensions,
    'idempotency-key',
  ].join(', '),
  'access-control-max-age': '86400',
} as const;

/** On every actual response: readable from any origin, with the activated-extension headers and a 401's challenge. */
export const RESPONSE_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': ['www-authenticate', HEADERS.extensions, HEADERS.legacyExtensions].join(', '),
} as const;
