export { MCP_CORS_HEADERS } from './cors.js';
export { type McpPluginOptions, mcpPlugin } from './plugin.js';
export { MCP_PATH, protectedResourceMetadataUrl } from './protocol.js';
export {
  annotationsOf,
  type McpAnnotations,
  type McpSurface,
  type McpSurfaces,
  type McpTool,
  mcpSurfaces,
  TRANSACTION_SUFFIX,
} from './surfaces.js';
export {
  InvokeToolCaller,
  type McpToolCall,
  type McpToolCaller,
  X402_PAYMENT,
  X402_PAYMENT_RESPONSE,
  CREDIT_CHARGE,
} from './tool-caller.js';
export { type CallToolResult, structuredResult } from './tool-results.js';
export { filteredSurface, MAX_TOOLS_FILTER_PATTERNS, parseToolsFilter } from './tools-filter.js';
