import { describe, expect, it } from 'vitest';
import { decodeProtostones, encodeProtostones } from './protostone.js';
import { decodeRunestone, encodeRunestone } from './runestone.js';

const DIESEL = { block: 2n, tx: 0n };
const METHANE = { block: 2n, tx: 16n };

describe('protostones', () => {
  it("decode protorune-support's example: protocol 1, four integers, burn 0 and pointer 3", () => {
    // LEB128 bytes 01 04 53 00 5b 03, read as one little-endian value.
    expect(decodeProtostones([0x03_5b_00_53_04_01n])).toEqual([
      { protocolTag: 1n, edicts: [], pointer: 3, refund: undefined, hasMessage: false },
    ]);
  });

  it('round-trip edicts (delta-encoded, sorted by id), pointer and refund across 15-byte values', () => {
    const stones = [
      {
        protocolTag: 1n,
        edicts: [
          { id: METHANE, amount: 1_000_000_000_000n, output: 2 },
          { id: DIESEL, amount: 123_456_789n, output: 1 },
        ],
        pointer: 3,
        refund: 3,
      },
      { protocolTag: 7n, edicts: [], pointer: 0 },
    ];
    const values = encodeProtostones(stones);
    // More than 15 bytes of integers: split over several values, each below 2^120.
    expect(values.length).toBeGreaterThan(1);
    expect(values.every((value) => value < 1n << 120n)).toBe(true);
    expect(decodeProtostones(values)).toEqual([
      {
        protocolTag: 1n,
        edicts: [
          { id: DIESEL, amount: 123_456_789n, output: 1 },
          { id: METHANE, amount: 1_000_000_000_000n, output: 2 },
        ],
        pointer: 3,
        refund: 3,
        hasMessage: false,
      },
      { protocolTag: 7n, edicts: [], pointer: 0, refund: undefined, hasMessage: false },
    ]);
  });

  it('ride in the runestone protocol field (tag 16383) beside rune edicts, which they leave as they are', () => {
    const protocol = encodeProtostones([{ protocolTag: 1n, edicts: [{ id: DIESEL, amount: 5n, output: 1 }] }]);
    const script = encodeRunestone({ edicts: [{ id: { block: 840000n, tx: 3n }, amount: 7n, output: 1 }], protocol });
    const message = decodeRunestone([script, new Uint8Array([0x00, 0x14, ...new Uint8Array(20)])]);
    expect(message).toEqual({
      kind: 'runestone',
      runestone: { edicts: [{ id: { block: 840000n, tx: 3n }, amount: 7n, output: 1 }], pointer: undefined, protocol },
    });
  });

  it('answer none for a truncated protostone', () => {
    // Protocol 1 announcing twenty integers where one value holds thirteen (91, 3 and eleven bytes of zero padding).
    expect(decodeProtostones([0x03_5b_14_01n])).toEqual([]);
  });
});
