export { type McpSurfaces, type McpTool, mcpSurfaces, TRANSACTION_SUFFIX } from './surfaces.js';
