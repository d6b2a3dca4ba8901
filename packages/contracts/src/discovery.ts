import { type PriceOverrides, priceOf } from './catalog.js';
import { examplesOf } from './examples.js';
import { inputJsonSchema, type JsonSchema } from './json-schema.js';
import { toolPath } from './routes.js';
import type { ToolDefinition, ToolEffect, ToolGroup } from './types.js';

/** x402 price record of one tool (spec: Resources 2). */
export interface PriceRecord {
  readonly mode: 'fixed';
  readonly currency: 'USD';
  readonly amount: string;
  readonly protocols: readonly ['x402'];
}

/** Tool route record (spec: Resources 1) plus the fields an agent needs to choose and pay. */
export interface ToolRouteRecord {
  readonly resourceKey: string;
  readonly method: 'POST';
  readonly path: string;
  readonly url: string;
  readonly name: string;
  readonly group: ToolGroup;
  readonly summary: string;
  readonly authRequired: boolean;
  readonly effect: ToolEffect;
  readonly inputSchema: JsonSchema;
  /** Request bodies the input schema accepts, to start from. */
  readonly examples: readonly unknown[];
  readonly price: PriceRecord;
}

export function priceRecord(tool: ToolDefinition, overrides?: PriceOverrides): PriceRecord {
  return { mode: 'fixed', currency: 'USD', amount: priceOf(tool, overrides), protocols: ['x402'] };
}

export function toolRouteRecord(tool: ToolDefinition, baseUrl: string, overrides?: PriceOverrides): ToolRouteRecord {
  const path = toolPath(tool.name);
  return {
    resourceKey: `POST ${path}`,
    method: 'POST',
    path,
    url: `${baseUrl}${path}`,
    name: tool.name,
    group: tool.group,
    summary: tool.summary,
    authRequired: tool.identity,
    effect: tool.effect,
    inputSchema: inputJsonSchema(tool),
    examples: examplesOf(tool),
    price: priceRecord(tool, overrides),
  };
}
