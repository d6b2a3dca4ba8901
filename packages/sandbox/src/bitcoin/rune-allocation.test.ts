import { describe, expect, it } from 'vitest';
import { bitcoinOutputScript, decodeRunestone, encodeRunestone } from '@svc/chains';
import { allocateRunes } from './rune-allocation.js';

const A = bitcoinOutputScript('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')!;
const B = bitcoinOutputScript('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')!;
const DOG = { block: 840000n, tx: 3n };
const held = (entries: [string, bigint][]) => new Map(entries);

describe('runestones', () => {
  it('encode and decode edicts and the pointer (ord wire format)', () => {
    const script = encodeRunestone({
      edicts: [
        { id: { block: 1n, tx: 0n }, amount: 5n, output: 2 },
        { id: DOG, amount: 300n, output: 1 },
      ],
      pointer: 2,
    });
    // OP_RETURN OP_13 push(14) · 16 02 (pointer 2) · 00 (body) · 01 00 05 02 (1:0) · bfa233 03 ac02 01 (block delta 839999, tx 3, 300, output 1)
    expect(Buffer.from(script).toString('hex')).toBe('6a5d0e16020001000502bfa23303ac0201');
    const scripts = [script, A, B];
    expect(decodeRunestone(scripts)).toEqual({
      kind: 'runestone',
      runestone: {
        pointer: 2,
        edicts: [
          { id: { block: 1n, tx: 0n }, amount: 5n, output: 2 },
          { id: DOG, amount: 300n, output: 1 },
        ],
      },
    });
    expect(decodeRunestone([A, B])).toEqual({ kind: 'none' });
    expect(decodeRunestone([Uint8Array.from([0x6a, 0x5d, 0x01, 0x80]), A]).kind).toBe('cenotaph');
    expect(decodeRunestone([Uint8Array.from([0x6a, 0x5d, 0x02, 0x1c, 0x01]), A]).kind).toBe('cenotaph');
    expect(decodeRunestone([encodeRunestone({ edicts: [{ id: DOG, amount: 1n, output: 9 }] }), A]).kind).toBe(
      'cenotaph',
    );
  });

  it('allocate by edicts, leftovers to the pointer or the first non-OP_RETURN output, burn on a cenotaph', () => {
    const inputs = [
      held([['840000:3', 1000n]]),
      held([
        ['840000:3', 500n],
        ['1:0', 7n],
      ]),
    ];
    const withPointer = [encodeRunestone({ edicts: [{ id: DOG, amount: 300n, output: 1 }], pointer: 2 }), A, B];
    expect(allocateRunes(inputs, withPointer, decodeRunestone(withPointer))).toEqual([
      new Map(),
      held([['840000:3', 300n]]),
      held([
        ['840000:3', 1200n],
        ['1:0', 7n],
      ]),
    ]);
    const byDefault = [A, encodeRunestone({ edicts: [{ id: DOG, amount: 2000n, output: 2 }] }), B];
    expect(allocateRunes(inputs, byDefault, decodeRunestone(byDefault))).toEqual([
      held([['1:0', 7n]]),
      new Map(),
      held([['840000:3', 1500n]]),
    ]);
    const split = [encodeRunestone({ edicts: [{ id: DOG, amount: 0n, output: 3 }] }), A, B];
    expect(allocateRunes(inputs, split, decodeRunestone(split))).toEqual([
      new Map(),
      held([
        ['840000:3', 750n],
        ['1:0', 7n],
      ]),
      held([['840000:3', 750n]]),
    ]);
    expect(allocateRunes(inputs, [A, B], { kind: 'none' })).toEqual([
      held([
        ['840000:3', 1500n],
        ['1:0', 7n],
      ]),
      new Map(),
    ]);
    expect(allocateRunes(inputs, [A, B], { kind: 'cenotaph', reason: 'test' })).toEqual([new Map(), new Map()]);
  });
});
