import { describe, expect, it } from 'vitest';
import { isNative } from './evm-token.js';

describe('EVM token references', () => {
  it('treats an omitted token and 0xEeee…EeE (any case) as the native coin', () => {
    expect(isNative(undefined)).toBe(true);
    expect(isNative('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')).toBe(true);
    expect(isNative('0x00000000000000000000000000000000000000a1')).toBe(false);
  });
});
