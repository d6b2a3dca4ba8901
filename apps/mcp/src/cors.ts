import { HEADERS } from './protocol.js';

/**
 * The headers a browser-based MCP client sends and reads, for the host's one CORS registration (the gateway's).
 * Every request carries its credential in a header (never a cookie), so no credentialed CORS is needed.
 * Mcp-Session-Id and Last-Event-ID are part of Streamable HTTP: this endpoint is stateless and ignores them, but a
 * stock client may send them, and a preflight refusing them would block its every call.
 */
export const MCP_CORS_HEADERS = {
  allowed: [
    'content-type',
    HEADERS.authorization,
    HEADERS.apiKey,
    HEADERS.protocolVersion,
    HEADERS.transactions,
    HEADERS.toolsFilter,
    'mcp-session-id',
    'last-event-id',
  ],
  /** The WWW-Authenticate challenge of a 401 names the OAuth metadata. */
  exposed: ['www-authenticate', 'mcp-session-id'],
} as const;
