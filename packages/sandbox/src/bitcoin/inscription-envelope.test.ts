import { describe, expect, it } from 'vitest';
import { inscriptionWitness, revealedInscription } from './inscription-envelope.js';

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
});
