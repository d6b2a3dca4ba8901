import { describe, expect, it } from 'vitest';
import { decodeCbor, encodeCbor } from './cbor.js';

describe('the CBOR of inscription metadata', () => {
  it("encodes JSON values as RFC 8949's examples do", () => {
    // RFC 8949 appendix A.
    expect(encodeCbor(0).toString('hex')).toBe('00');
    expect(encodeCbor(24).toString('hex')).toBe('1818');
    expect(encodeCbor(1000).toString('hex')).toBe('1903e8');
    expect(encodeCbor(1_000_000).toString('hex')).toBe('1a000f4240');
    expect(encodeCbor(-1000).toString('hex')).toBe('3903e7');
    expect(encodeCbor(1.1).toString('hex')).toBe('fb3ff199999999999a');
    expect(encodeCbor('IETF').toString('hex')).toBe('6449455446');
    expect(encodeCbor([1, [2, 3]]).toString('hex')).toBe('8201820203');
    expect(encodeCbor({ a: 1, b: [2, 3] }).toString('hex')).toBe('a26161016162820203');
    expect(encodeCbor([true, false, null]).toString('hex')).toBe('83f5f4f6');
  });

  it('round-trips metadata and reads what other encoders write (half floats, indefinite lengths, tags)', () => {
    const metadata = { name: 'Bitcoin Frog #7', Background: 'Orange', Eyes: 3, rate: 0.5, tags: ['a', null] };
    expect(decodeCbor(encodeCbor(metadata))).toEqual(metadata);
    expect(decodeCbor(Buffer.from('f93e00', 'hex'))).toBe(1.5);
    expect(decodeCbor(Buffer.from('bf61610161629f0203ffff', 'hex'))).toEqual({ a: 1, b: [2, 3] });
    expect(decodeCbor(Buffer.from('7f657374726561646d696e67ff', 'hex'))).toBe('streaming');
    expect(decodeCbor(Buffer.from('c11a514b67b0', 'hex'))).toBe(1363896240);
    expect(decodeCbor(Buffer.from('4401020304', 'hex'))).toBe('01020304');
  });

  it('refuses truncated input, trailing bytes and invalid UTF-8', () => {
    expect(decodeCbor(Buffer.from('1903', 'hex'))).toBeUndefined();
    expect(decodeCbor(Buffer.from('0000', 'hex'))).toBeUndefined();
    expect(decodeCbor(Buffer.from('62c328', 'hex'))).toBeUndefined();
    expect(decodeCbor(Buffer.from('a1', 'hex'))).toBeUndefined();
  });

  it('keeps a "__proto__" key as an entry and refuses nesting deeper than 32', () => {
    // {"__proto__": {"polluted": 1}}
    const decoded = decodeCbor(Buffer.from('a1695f5f70726f746f5f5fa168706f6c6c7574656401', 'hex')) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.keys(decoded)).toEqual(['__proto__']);
    expect((decoded as { polluted?: number }).polluted).toBeUndefined();
    expect(decodeCbor(Buffer.from(`${'81'.repeat(32)}00`, 'hex'))).toEqual(expect.anything());
    expect(decodeCbor(Buffer.from(`${'81'.repeat(40)}00`, 'hex'))).toBeUndefined();
  });
});
