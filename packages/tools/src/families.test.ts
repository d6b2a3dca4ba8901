import { catalog, outputOf, ServiceError } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { handlers, mergeFamilyTables } from './families.js';
import { memoryFamily } from './memory/index.js';

describe('the families registry', () => {
  it('refuses a tool that two families register, naming it', () => {
    expect(() =>
      mergeFamilyTables([memoryFamily.handlers, { createMemory: memoryFamily.handlers.createMemory }]),
    ).toThrow(ServiceError);
    expect(() => mergeFamilyTables([{ a: 1 }, { b: 2 }, { a: 3 }])).toThrow(/a is registered by two families/);
  });

  it("serves each family's handlers under their tool names", () => {
    expect(handlers.createMemory).toBe(memoryFamily.handlers.createMemory);
    expect(Object.keys(handlers)).toEqual(expect.arrayContaining(Object.keys(memoryFamily.handlers)));
  });

  it('has every tool it handles publish its answer schema (OpenAPI 200, Bazaar output, checked by the gateway tests)', () => {
    const undescribed = catalog.filter((tool) => tool.name in handlers && !outputOf(tool)).map((tool) => tool.name);
    expect(undescribed).toEqual([]);
  });
});
