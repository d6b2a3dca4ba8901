import type { ToolName } from '@svc/contracts';
import type { HandlerTable } from './handler.js';
import type { Valuation } from './valuation.js';

/** What a family's wallet-modifying tools move: a family values only tools it implements. */
export type FamilyValuations<H extends HandlerTable> = { readonly [N in keyof H & ToolName]?: Valuation<N> };

/**
 * One tool family as the registry (families.ts) takes it: the handlers its folder implements and the valuation of
 * each of its wallet-modifying tools. Handler input types come from the catalog's zod schemas (`Handler<N>`).
 */
export interface ToolFamily<H extends HandlerTable = HandlerTable> {
  readonly handlers: H;
  readonly valuations: FamilyValuations<H>;
}

/** Declares a family; a family that moves nothing out of any wallet leaves `valuations` out. */
export function defineFamily<H extends HandlerTable>(family: {
  readonly handlers: H;
  readonly valuations?: FamilyValuations<H>;
}): ToolFamily<H> {
  return { handlers: family.handlers, valuations: family.valuations ?? {} };
}
