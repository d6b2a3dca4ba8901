import { describe, expect, it } from 'vitest';
import { encodeCbor } from './cbor.js';
import { inscriptionIdBytes, inscriptionWitness, revealedInscription } from './inscription-envelope.js';

describe("ord's inscription envelope", () => {
  it('round-trips content type and a body longer than one push (520 bytes)', () => {
    const body = Buffer.alloc(1200, 7);
    const witness = inscriptionWitness({ contentType: 'image/png', body });
    expect(witness).toHaveLength(2);
    expect(revealedInscription(witness)).toEqual({ contentType: 'image/png', body });
  });

  it('reads a hand-built tapscript: OP_FALSE OP_IF "ord" 01 <type> OP_0 <body> OP_ENDIF', () => {
    const script = Buffer.from(
      `0063036f7264010118${Buffer.from('text/plain;charset=utf-8').toString('hex')}000568656c6c6f68`,
      'hex',
    );
    expect(revealedInscription([script, Buffer.alloc(33)])).toEqual({
      contentType: 'text/plain;charset=utf-8',
      body: Buffer.from('hello'),
    });
    // OP_1 as the tag (a pushnum envelope) reads the same.
    const pushnum = Buffer.from(
      `0063036f72645118${Buffer.from('text/plain;charset=utf-8').toString('hex')}000568656c6c6f68`,
      'hex',
    );
    expect(revealedInscription([pushnum, Buffer.alloc(33)])?.contentType).toBe('text/plain;charset=utf-8');
  });

  it('finds nothing in a key-path spend, an unterminated envelope or another protocol', () => {
    expect(revealedInscription([Buffer.alloc(64)])).toBeUndefined();
    expect(revealedInscription([Buffer.from('0063036f726400', 'hex'), Buffer.alloc(33)])).toBeUndefined();
    expect(revealedInscription([Buffer.from('0063036f7267000068', 'hex'), Buffer.alloc(33)])).toBeUndefined();
  });

  it('round-trips the parent (tag 3), metadata longer than one push (tag 5) and the metaprotocol (tag 7)', () => {
    const parent = `${'ab'.repeat(32)}i0`;
    const metadata = { name: 'Bitcoin Frog #1', note: 'x'.repeat(600), rank: 12 };
    const witness = inscriptionWitness({
      contentType: 'image/webp',
      body: Buffer.from('frog'),
      parent,
      metadata,
      metaprotocol: 'brc-20',
    });
    expect(revealedInscription(witness)).toEqual({
      contentType: 'image/webp',
      body: Buffer.from('frog'),
      parent,
      metadata,
      metaprotocol: 'brc-20',
    });
  });

  it('serializes a parent id as ord does: txid bytes reversed, the index little-endian without trailing zeros', () => {
    const txid = `01${'00'.repeat(31)}`;
    expect(inscriptionIdBytes(`${txid}i0`).toString('hex')).toBe(`${'00'.repeat(31)}01`);
    expect(inscriptionIdBytes(`${txid}i1`).toString('hex')).toBe(`${'00'.repeat(31)}0101`);
    expect(inscriptionIdBytes(`${txid}i256`).toString('hex')).toBe(`${'00'.repeat(31)}010001`);
  });

  it('reads hand-built tags: 03 <36-byte parent>, two 05 pushes joined into one CBOR map, 07 <protocol>', () => {
    const parentValue = `${'00'.repeat(31)}01${'02000000'}`;
    const cbor = encodeCbor({ a: 'b' }).toString('hex');
    const [first, second] = [cbor.slice(0, 4), cbor.slice(4)];
    const pushHex = (hex: string) => `${(hex.length / 2).toString(16).padStart(2, '0')}${hex}`;
    const text = (value: string) => pushHex(Buffer.from(value).toString('hex'));
    // Each tag is a one-byte push (01 <tag>) followed by its value's push; OP_0 (00) opens the body, OP_ENDIF (68) ends.
    const script = Buffer.from(
      [
        '0063036f7264',
        `0101${text('text/plain')}`,
        `0103${pushHex(parentValue)}`,
        `0105${pushHex(first)}`,
        `0105${pushHex(second)}`,
        `0107${text('brc-20')}`,
        `00${text('hello')}68`,
      ].join(''),
      'hex',
    );
    expect(revealedInscription([script, Buffer.alloc(33)])).toEqual({
      contentType: 'text/plain',
      body: Buffer.from('hello'),
      parent: `01${'00'.repeat(31)}i2`,
      metadata: { a: 'b' },
      metaprotocol: 'brc-20',
    });
  });
});
