import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { catalog } from './catalog.js';
import { examplesOf } from './examples.js';
import { inputJsonSchema } from './json-schema.js';

describe('tool examples', () => {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  it.each(catalog.map((tool) => [tool.name, tool] as const))(
    '%s has an example that its input schema and its published JSON Schema accept',
    (_name, tool) => {
      const examples = examplesOf(tool);
      expect(examples.length).toBeGreaterThan(0);
      const published = ajv.compile(inputJsonSchema(tool));
      for (const example of examples) {
        const parsed = tool.input.safeParse(example);
        expect(parsed.error?.issues ?? [], JSON.stringify(example)).toEqual([]);
        expect(published(example), JSON.stringify(published.errors)).toBe(true);
      }
    },
  );

  it('a body the schema refuses is not taken for an example', () => {
    // The check above would pass vacuously if parsing accepted anything: `{}` is refused by a tool with required fields.
    const transfer = catalog.find((tool) => tool.name === 'solanaTransfer')!;
    expect(transfer.input.safeParse({}).success).toBe(false);
    expect(examplesOf({ ...transfer, name: 'noSuchTool' })).toEqual([]);
  });
});
