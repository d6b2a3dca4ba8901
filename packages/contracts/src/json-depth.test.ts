import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth.js';

const nested = (levels: number, open = '[', close = ']') => `${open.repeat(levels)}${close.repeat(levels)}`;

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays together, up to the limit inclusive', () => {
    expect(jsonNestsDeeperThan(nested(3), 3)).toBe(false);
    expect(jsonNestsDeeperThan(nested(4), 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
  });

  it('measures the deepest point, not the number of containers', () => {
    expect(jsonNestsDeeperThan(`[${Array.from({ length: 1000 }, () => '[1]').join(',')}]`, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\" and "{{{{"' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`[${JSON.stringify('ends in a backslash \\')},${nested(3)}]`, 3)).toBe(true);
  });

  it('scans a few thousand levels without recursion', () => {
    expect(jsonNestsDeeperThan(nested(100_000, '{"a":', '}'), 64)).toBe(true);
  });
});
