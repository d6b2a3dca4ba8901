export type { Handler, HandlerContext, HandlerTable, ServiceMode } from './handler.js';
export { handlers } from './handlers.js';
export { type InvokeOutcome, type InvokeRequest, ToolService, type ToolServiceOptions } from './invoke.js';
