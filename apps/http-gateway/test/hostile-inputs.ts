import type { JsonSchema } from '@svc/contracts';

/** 2^256 + 1: past every uint256 (and so every u64) a chain takes; JSON keeps it as written. */
export const BEYOND_UINT256 = (2n ** 256n + 1n).toString();
/** 2^64: one past the largest u64 (Solana, Hedera and Stacks amounts). */
export const BEYOND_U64 = (2n ** 64n).toString();
/** Deep enough to overflow a recursive walker's stack, small enough to send quickly (about 10 KB). */
export const DEEP_LEVELS = 5_000;

export type Mutation = 'nul' | 'huge-number' | 'huge-string-number' | 'deep-nesting' | 'unknown-key' | 'wrong-type';

export const MUTATIONS: readonly Mutation[] = [
  'nul',
  'huge-number',
  'huge-string-number',
  'deep-nesting',
  'unknown-key',
  'wrong-type',
];

/** `[[[...]]]` nested `levels` deep, as JSON text. */
export const deeplyNested = (levels = DEEP_LEVELS) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** A JSON object's text with one member's value given as raw JSON text. */
const withMember = (input: Record<string, unknown>, key: string, rawValue: string) => {
  const { [key]: _replaced, ...rest } = input;
  const members = Object.entries(rest).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{${[...members, `${JSON.stringify(key)}:${rawValue}`].join(',')}}`;
};

/**
 * Where a mutation goes: one top-level property the schema names, preferably of a type the mutation means (a string
 * for NUL), a different one for each mutation (`turn`), or a key the schema does not know when it names none. One
 * target per mutation keeps the run short: a refusal stops at the first bad field anyway.
 */
function targetOf(schema: JsonSchema, turn: number, types: readonly string[] = []): string {
  const properties = Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {});
  const fitting = properties.filter(([, property]) => types.includes(String(property.type)));
  const candidates = (fitting.length > 0 ? fitting : properties).map(([name]) => name);
  return candidates.length > 0 ? candidates[turn % candidates.length]! : 'fuzz';
}

const wrongTypeFor = (property: JsonSchema | undefined): string => {
  switch (property?.type) {
    case 'string':
      return '{"not":"a string"}';
    case 'array':
      return '"not an array"';
    case 'object':
      return '[1,2,3]';
    default:
      return '"not a number"';
  }
};

/**
 * The hostile variants of a valid `sample` of a tool's input for one mutation, as raw JSON texts: NUL inside a string,
 * a number past uint256 as a JSON number, past uint256 and u64 as digit strings, thousands of nested arrays, a value
 * of the wrong type (each in one property), and unknown keys (`__proto__` and another).
 */
export function hostileVariants(schema: JsonSchema, sample: Record<string, unknown>, mutation: Mutation): string[] {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const turn = MUTATIONS.indexOf(mutation);
  const types = mutation === 'huge-number' ? ['number', 'integer'] : mutation === 'wrong-type' ? [] : ['string'];
  const key = targetOf(schema, turn, types);
  switch (mutation) {
    case 'nul':
      return [withMember(sample, key, JSON.stringify(`${typeof sample[key] === 'string' ? sample[key] : ''}x\u0000y`))];
    case 'huge-number':
      return [withMember(sample, key, BEYOND_UINT256)];
    case 'huge-string-number':
      return [withMember(sample, key, `"${BEYOND_UINT256}"`), withMember(sample, key, `"${BEYOND_U64}"`)];
    case 'deep-nesting':
      return [withMember(sample, key, deeplyNested())];
    case 'unknown-key':
      return [withMember(sample, '__proto__', '{"polluted":true}'), withMember(sample, 'fuzzUnknownKey', '"x"')];
    case 'wrong-type':
      return [withMember(sample, key, wrongTypeFor(properties[key]))];
  }
}
