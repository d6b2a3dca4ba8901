import { describe, expect, it } from 'vitest';
import { catalog } from './catalog.js';
import { inputExample } from './input-example.js';

describe('inputExample', () => {
  it('derives a body its tool accepts for every tool of the catalog', () => {
    const without = catalog.filter((tool) => inputExample(tool) === undefined).map((tool) => tool.name);
    expect(without).toEqual([]);
  });
});
