/**
 * Test helpers shared by the tool-family tests (`<family>.test.ts`): look a tool up by name, parse a body with its
 * zod schema, validate the same body with its published JSON Schema (draft 2020-12, ajv with formats) to prove the
 * two agree (cross-field rules included), and read the spec's tool list.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { z } from 'zod';
import { inputJsonSchema, type JsonSchema } from '../json-schema.js';
import type { ToolDefinition } from '../types.js';

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

/** The ajv validator of a JSON Schema, compiled once per schema object; throws when ajv cannot compile it. */
export function compileJsonSchema(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Does the JSON Schema of a tool body accept `value`? */
export function jsonSchemaAccepts(schema: JsonSchema | boolean, value: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  return compileJsonSchema(schema)(value);
}

let specNames: readonly string[] | undefined;

/** The tool names listed in spec/tools.txt (one a line, trimmed). */
export function specToolNames(): readonly string[] {
  specNames ??= readFileSync(new URL('../../spec/tools.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim());
  return specNames;
}

type ParseResult = z.ZodSafeParseResult<unknown>;

/** Asserts that zod accepted a body (the issues are the message otherwise) and returns the parsed value. */
export function expectAccepted(result: ParseResult): Record<string, unknown> {
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  return result.data as Record<string, unknown>;
}

/** Asserts that zod rejected a body; with `path`, that an issue sits at that path, and with `message`, that it says so. */
export function expectRejected(result: ParseResult, path?: PropertyKey[], message?: RegExp): void {
  expect(result.success).toBe(false);
  const issues = result.error?.issues ?? [];
  if (path) expect(issues.map((i) => i.path)).toContainEqual(path);
  if (path && message)
    expect(issues.find((i) => JSON.stringify(i.path) === JSON.stringify(path))?.message).toMatch(message);
}

/** The published JSON Schema of each tool, built once (the ajv cache is keyed by the schema object). */
const toolSchemas = new WeakMap<ToolDefinition, JsonSchema>();
function publishedSchema(tool: ToolDefinition): JsonSchema {
  let schema = toolSchemas.get(tool);
  if (!schema) {
    schema = inputJsonSchema(tool);
    toolSchemas.set(tool, schema);
  }
  return schema;
}

/** Helpers bound to one family's tool list; every `name` must be a tool of that family. */
export function familyHelpers<T extends ToolDefinition>(tools: readonly T[]) {
  const tool = (name: string): T => {
    const found = tools.find((t) => t.name === name);
    if (!found) throw new Error(`no tool ${name}`);
    return found;
  };
  /** The zod verdict on a body. */
  const parse = (name: string, input: unknown): ParseResult => tool(name).input.safeParse(input);
  /** Does zod accept the body? */
  const ok = (name: string, input: unknown) => parse(name, input).success;
  /** The parsed body (defaults applied); throws with the issues when zod rejects it. */
  const parsed = (name: string, input: unknown): Record<string, unknown> => {
    const result = parse(name, input);
    if (!result.success) throw new Error(`${name}: ${JSON.stringify(result.error.issues)}`);
    return result.data as Record<string, unknown>;
  };
  /** The zod issues of a body as { path: 'a.b', message } ([] when accepted). */
  const issues = (name: string, input: unknown) => {
    const result = parse(name, input);
    return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };
  /** The paths ('a.b') of the zod issues of a body ([] when accepted). */
  const issuePaths = (name: string, input: unknown) =>
    parse(name, input).error?.issues.map((i) => i.path.join('.')) ?? [];
  /** Does the published JSON Schema accept the body, as a client validating it would see? */
  const schemaOk = (name: string, input: unknown) => jsonSchemaAccepts(publishedSchema(tool(name)), input);
  /** Asserts that zod and the published JSON Schema both give the `expected` verdict on a body. */
  const agree = (name: string, input: unknown, expected: boolean) => {
    expect(ok(name, input), `zod ${name} ${JSON.stringify(input)}`).toBe(expected);
    expect(schemaOk(name, input), `json ${name} ${JSON.stringify(input)}`).toBe(expected);
  };
  /** Parses with zod, asserts that the published JSON Schema gives the same verdict, and returns the zod result. */
  const crossCheck = (name: string, input: unknown): ParseResult => {
    const result = parse(name, input);
    expect(schemaOk(name, input), `JSON Schema verdict for ${name} ${JSON.stringify(input)}`).toBe(result.success);
    return result;
  };
  /** Asserts that the family's names are unique and each listed in spec/tools.txt; returns them in catalog order. */
  const uniqueSpecNames = (): string[] => {
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const spec = specToolNames();
    for (const name of names) expect(spec, name).toContain(name);
    return names;
  };
  /** Asserts that every tool publishes a strict object JSON Schema (unknown keys rejected) that ajv compiles. */
  const expectStrictJsonSchemas = () => {
    for (const t of tools) {
      const schema = publishedSchema(t);
      expect(schema.type, t.name).toBe('object');
      expect(schema.additionalProperties, t.name).toBe(false);
      expect(() => compileJsonSchema(schema), t.name).not.toThrow();
    }
  };
  return {
    tool,
    parse,
    ok,
    parsed,
    issues,
    issuePaths,
    schemaOk,
    agree,
    crossCheck,
    uniqueSpecNames,
    expectStrictJsonSchemas,
  };
}
