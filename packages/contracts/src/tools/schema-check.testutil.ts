/**
 * Test helper: does the published JSON Schema of a tool body (draft 2020-12, validated by ajv) accept `value`?
 * Family tests use it to prove the JSON Schema and the zod schema agree, cross-field rules included.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../json-schema.js';

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

export function jsonSchemaAccepts(schema: JsonSchema | boolean, value: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) as boolean;
}
