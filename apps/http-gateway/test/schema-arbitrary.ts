import type { JsonSchema } from '@svc/contracts';
import fc from 'fast-check';

/** Longest generated string: the schemas allow up to 16 KB, which only slows the run without finding more. */
const LONGEST_STRING = 48;
const LONGEST_ARRAY = 4;

const asSchema = (value: unknown): JsonSchema =>
  typeof value === 'object' && value !== null ? (value as JsonSchema) : {};

/** `limit` when the schema sets no smaller bound. */
const atMost = (bound: unknown, limit: number) => Math.min(typeof bound === 'number' ? bound : limit, limit);

/** A pattern fast-check cannot generate from (lookarounds, backreferences) falls back to plain strings. */
function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: LONGEST_STRING });
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (typeof schema.pattern === 'string') return patternArbitrary(schema.pattern);
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(minLength, atMost(schema.maxLength, LONGEST_STRING));
  return fc.string({ minLength, maxLength });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const bound = (inclusive: unknown, exclusive: unknown, fallback: number) =>
    typeof inclusive === 'number' ? inclusive : typeof exclusive === 'number' ? exclusive : fallback;
  const min = bound(schema.minimum, schema.exclusiveMinimum, -1e9);
  const max = bound(schema.maximum, schema.exclusiveMaximum, 1e9);
  if (integer) {
    const low = Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER));
    return fc.integer({ min: low, max: Math.max(low, Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER))) });
  }
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = asSchema(schema.properties);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, arbitraryOf(asSchema(property))]),
  );
  return fc.record(shape, { requiredKeys: required.filter((key) => key in shape) });
}

/** `allOf` of object schemas: one object with every part's properties (what the catalog's intersections are). */
function mergedAllOf(schema: JsonSchema): JsonSchema {
  const parts = [schema, ...(schema.allOf as unknown[]).map(asSchema)];
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => asSchema(part.properties))),
    required: parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])),
  };
}

/**
 * Values for a tool's input JSON Schema (draft 2020-12, as `inputJsonSchema` publishes it). They mostly fit the
 * schema; `if`/`then`/`not` and cross-field rules are ignored, so some do not: either way the service must answer
 * without a 5xx.
 */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    return fc.oneof(...alternatives.map((alternative) => arbitraryOf(asSchema(alternative))));
  }
  if (Array.isArray(schema.allOf)) return arbitraryOf(mergedAllOf(schema));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type })));
  }
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema);
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = arbitraryOf(asSchema(schema.items));
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(minLength, atMost(schema.maxItems, LONGEST_ARRAY));
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
        : fc.array(items, { minLength, maxLength });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
