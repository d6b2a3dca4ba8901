/** The endpoint's path: one URL for every JSON-RPC message (MCP Streamable HTTP). */
export const MCP_PATH = '/api/mcp';

/** Request headers the endpoint reads. */
export const HEADERS = {
  protocolVersion: 'mcp-protocol-version',
  /** Exactly `enabled`, on every request, adds the wallet-modifying tools to the surface. */
  transactions: 'x-mcp-transactions',
  /** Comma-separated globs over tool names: only the tools they match are listed and callable (tools-filter.ts). */
  toolsFilter: 'x-mcp-tools-filter',
  apiKey: 'x-api-key',
  authorization: 'authorization',
} as const;

export const TRANSACTIONS_ENABLED = 'enabled';

/** The RFC 9728 protected-resource metadata of this endpoint: named in every 401 so clients can find the OAuth server. */
export const protectedResourceMetadataUrl = (publicBaseUrl: string) =>
  `${publicBaseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
