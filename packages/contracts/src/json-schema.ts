import { z } from 'zod';
import type { ToolDefinition } from './types.js';

export type JsonSchema = Record<string, unknown>;

/** The JSON Schema (draft 2020-12) of a tool's request body, as clients must send it (defaults not required). */
export function inputJsonSchema(tool: ToolDefinition): JsonSchema {
  return z.toJSONSchema(tool.input, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
}
