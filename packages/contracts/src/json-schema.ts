import { z } from 'zod';
import { NUL_FREE } from './formats.js';
import type { ToolDefinition } from './types.js';

export type JsonSchema = Record<string, unknown>;

/** Every string of a tool body refuses NUL (`body()`); the published schema says so on each of them. */
function publishNulFree(schema: JsonSchema): void {
  if (schema.type !== 'string' || 'enum' in schema || 'const' in schema) return;
  const nulFree = NUL_FREE.source;
  const allOf = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  if (schema.pattern === nulFree || allOf.some((part) => part.pattern === nulFree)) return;
  if (schema.pattern === undefined && allOf.length === 0) schema.pattern = nulFree;
  else schema.allOf = [...allOf, { pattern: nulFree }];
}

/** The JSON Schema (draft 2020-12) of a tool's request body, as clients must send it (defaults not required). */
export function inputJsonSchema(tool: ToolDefinition): JsonSchema {
  return z.toJSONSchema(tool.input, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => publishNulFree(jsonSchema as JsonSchema),
  });
}
