import { inputJsonSchema, type JsonSchema } from './json-schema.js';
import type { ToolDefinition } from './types.js';

/**
 * Strings tried, in order, for a string field with a pattern: one of each identifier, amount and date form the
 * catalog's formats accept. The first the pattern matches is the example.
 */
const STRING_CANDIDATES = [
  '1',
  '1.5',
  '0x0000000000000000000000000000000000000001',
  'So11111111111111111111111111111111111111112',
  '0.0.1234',
  '2026-01-01',
  `0x${'0'.repeat(63)}1`,
  `${'0'.repeat(63)}1:0`,
  `${'0'.repeat(63)}1i0`,
  '840000:1',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  'SOL',
  'XCP',
  'UNCOMMON•GOODS',
  'max',
  '10 USDC',
  'https://example.com/',
  'example',
];

const asSchema = (value: unknown): JsonSchema | undefined =>
  typeof value === 'object' && value !== null ? (value as JsonSchema) : undefined;

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.format === 'date') return '2026-01-01';
  const patterns = [schema, ...((schema.allOf as JsonSchema[] | undefined) ?? [])]
    .map((part) => part.pattern)
    .filter((pattern): pattern is string => typeof pattern === 'string')
    .map((pattern) => new RegExp(pattern, 'u'));
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  return (
    STRING_CANDIDATES.find(
      (candidate) => candidate.length >= minLength && patterns.every((pattern) => pattern.test(candidate)),
    ) ?? 'x'.repeat(Math.max(minLength, 1))
  );
}

/** Whether `example` meets an `if` of the catalog's kind: required fields present, with the const or type given. */
function holds(condition: JsonSchema, example: Record<string, unknown>): boolean {
  const properties = (condition.properties ?? {}) as Record<string, JsonSchema>;
  const required = (condition.required ?? []) as string[];
  return (
    required.every((name) => name in example) &&
    Object.entries(properties).every(([name, rule]) => {
      if (!(name in example)) return true;
      if ('const' in rule) return example[name] === rule.const;
      return rule.type === undefined || typeof example[name] === rule.type;
    })
  );
}

/** A value the JSON schema accepts: required fields only, the first enum or variant, the smallest number. */
function exampleOf(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const variant = asSchema(
    (schema.anyOf as unknown[] | undefined)?.[0] ?? (schema.oneOf as unknown[] | undefined)?.[0],
  );
  if (variant) return exampleOf(variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const example: Record<string, unknown> = {};
      const require = (names: unknown) => {
        for (const name of (names ?? []) as string[]) example[name] ??= exampleOf(properties[name] ?? {});
      };
      require(schema.required);
      // Rules across fields (the catalog's refinements): "one of these fields" takes the first; an if/then/else
      // adds what its branch requires, the condition read on the fields chosen so far.
      for (const rule of (schema.allOf ?? []) as JsonSchema[]) {
        const first = asSchema(
          (rule.oneOf as unknown[] | undefined)?.[0] ?? (rule.anyOf as unknown[] | undefined)?.[0],
        );
        if (first) require(first.required);
        const condition = asSchema(rule.if);
        if (condition) require(asSchema(holds(condition, example) ? rule.then : rule.else)?.required);
      }
      return example;
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const items = asSchema(schema.items) ?? {};
      return Array.from({ length: count }, () => exampleOf(items));
    }
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
      return minimum ?? exclusive ?? 1;
    }
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * An example request body of the tool, derived from its published input schema: what discovery documents (the x402
 * Bazaar extension) show as a sample call. A body the tool's own validation refuses is never returned: tools whose
 * rules the derivation cannot follow get `undefined`.
 */
export function inputExample(tool: ToolDefinition): Record<string, unknown> | undefined {
  const example = exampleOf(inputJsonSchema(tool));
  return tool.input.safeParse(example).success ? (example as Record<string, unknown>) : undefined;
}
