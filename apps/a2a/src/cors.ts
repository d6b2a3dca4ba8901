import { HEADERS } from './protocol.js';

/**
 * The headers a browser-based A2A client sends and reads, for the host's one CORS registration (the gateway's).
 * Every request carries its credential in a header (never a cookie), so no credentialed CORS is needed.
 */
export const A2A_CORS_HEADERS = {
  allowed: [
    'content-type',
    HEADERS.authorization,
    HEADERS.apiKey,
    HEADERS.version,
    HEADERS.extensions,
    HEADERS.legacyExtensions,
    'idempotency-key',
  ],
  /** The activated-extension headers, and a 401's challenge. */
  exposed: ['www-authenticate', HEADERS.extensions, HEADERS.legacyExtensions],
} as const;
