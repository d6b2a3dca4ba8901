import type { CatalogTool, ToolByName, ToolInput, ToolName } from '@svc/contracts';

export type ServiceMode = 'sandbox' | 'live';

/** What a handler may use. Grows with the service (store, chains, providers, the caller's account). */
export interface HandlerContext {
  readonly mode: ServiceMode;
}

/** A tool's implementation: its input type comes from the tool's zod schema in the catalog. */
export type Handler<N extends ToolName> = (input: ToolInput<ToolByName<N>>, context: HandlerContext) => Promise<Record<string, unknown>>;

export type HandlerTable = { readonly [N in ToolName]?: Handler<N> };

export function handlerFor<T extends CatalogTool>(table: HandlerTable, tool: T): Handler<T['name']> | undefined {
  return table[tool.name as ToolName] as Handler<T['name']> | undefined;
}
