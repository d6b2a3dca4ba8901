import { address as addressCodec, payments } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import {
  arc4,
  counterpartyAssetId,
  counterpartyAssetName,
  decodeCounterpartyMessage,
  encodeCounterpartyIssuance,
  encodeCounterpartySend,
  packCounterpartyAddress,
  unpackCounterpartyAddress,
} from './counterparty.js';

const FIRST_INPUT = 'd3b6f1d5b9a3c0e7a0b4b8a2f1e9c6d5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9';
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const TAPROOT = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('Counterparty message codec', () => {
  it('ARC4 matches the published test vector (key "Key", "Plaintext") and is its own inverse', () => {
    const cipher = arc4(Buffer.from('Key'), Buffer.from('Plaintext'));
    expect(hex(cipher)).toBe('bbf316e8d940af0ad3');
    expect(Buffer.from(arc4(Buffer.from('Key'), cipher)).toString()).toBe('Plaintext');
  });

  it('asset ids: BTC 0, XCP 1, named assets in base 26, numeric assets A<n>; the mapping inverts', () => {
    expect(counterpartyAssetId('BTC')).toBe(0n);
    expect(counterpartyAssetId('XCP')).toBe(1n);
    expect(counterpartyAssetId('SOUP')).toBe(0x4fadfn);
    expect(counterpartyAssetId('BLUERING')).toBe(11_669_643_680n);
    expect(counterpartyAssetId('A95428956661682177')).toBe(95_428_956_661_682_177n);
    for (const name of ['PEPECASH', 'RAREPEPE', 'XCP', 'BCDE', 'ZZZZZZZZZZZZ', 'A95428956661682177'])
      expect(counterpartyAssetName(counterpartyAssetId(name)!)).toBe(name);
    for (const invalid of ['ABCD', 'BCD', 'pepecash', 'A123', 'ZZZZZZZZZZZZZ'])
      expect(counterpartyAssetId(invalid), invalid).toBeUndefined();
  });

  it('packs addresses as counterparty-core does: base58 version + hash, 0x80 + witness version + program', () => {
    expect(hex(packCounterpartyAddress(LEGACY))).toBe(`00${hex(addressCodec.fromBase58Check(LEGACY).hash)}`);
    expect(packCounterpartyAddress(SEGWIT)[0]).toBe(0x80);
    expect(packCounterpartyAddress(TAPROOT)).toHaveLength(33);
    for (const address of [LEGACY, SEGWIT, TAPROOT])
      expect(unpackCounterpartyAddress(packCounterpartyAddress(address))).toBe(address);
  });

  it("round-trips an enhanced send through the OP_RETURN, encrypted with the first input's txid", () => {
    for (const destination of [SEGWIT, TAPROOT, LEGACY]) {
      const send = { asset: 'PEPECASH', quantity: 123_456_789_000n, destination };
      const script = encodeCounterpartySend(send, FIRST_INPUT);
      expect(script[0]).toBe(0x6a);
      expect(script.length).toBeLessThanOrEqual(83);
      expect(Buffer.from(script).includes(Buffer.from('CNTRPRTY'))).toBe(false);
      expect(
        decodeCounterpartyMessage([Uint8Array.from([0x00, 0x14, ...new Uint8Array(20)]), script], FIRST_INPUT),
      ).toEqual({ kind: 'send', send });
    }
    // With any other key the data does not decrypt to the prefix: not a Counterparty transaction.
    const script = encodeCounterpartySend({ asset: 'XCP', quantity: 1n, destination: SEGWIT }, FIRST_INPUT);
    expect(decodeCounterpartyMessage([script], 'ff'.repeat(32))).toEqual({ kind: 'none' });
    expect(decodeCounterpartyMessage([], FIRST_INPUT)).toEqual({ kind: 'none' });
  });

  it('reads the pre-v10 fixed layout (>QQ21s, 4-byte type) and flags other types and garbage', () => {
    const legacy = Buffer.concat([
      Buffer.from('CNTRPRTY'),
      Buffer.from('00000002', 'hex'),
      Buffer.from('000000000004fadf000000174876e800', 'hex'),
      packCounterpartyAddress(LEGACY),
    ]);
    const embed = (plain: Uint8Array) =>
      payments.embed({ data: [arc4(Buffer.from(FIRST_INPUT, 'hex'), plain)] }).output!;
    expect(decodeCounterpartyMessage([embed(legacy)], FIRST_INPUT)).toEqual({
      kind: 'send',
      send: { asset: 'SOUP', quantity: 100_000_000_000n, destination: LEGACY },
    });
    expect(
      decodeCounterpartyMessage(
        [embed(Buffer.concat([Buffer.from('CNTRPRTY'), Buffer.from([10, 1, 2, 3])]))],
        FIRST_INPUT,
      ),
    ).toEqual({ kind: 'unsupported', messageType: 10 });
    expect(
      decodeCounterpartyMessage(
        [embed(Buffer.concat([Buffer.from('CNTRPRTY'), Buffer.from([2, 0x84, 1])]))],
        FIRST_INPUT,
      ),
    ).toMatchObject({ kind: 'malformed' });
  });

  it('refuses to encode what no send can carry', () => {
    expect(() => encodeCounterpartySend({ asset: 'BTC', quantity: 1n, destination: SEGWIT }, FIRST_INPUT)).toThrow(
      /not a sendable/,
    );
    expect(() => encodeCounterpartySend({ asset: 'XCP', quantity: 0n, destination: SEGWIT }, FIRST_INPUT)).toThrow(
      /positive/,
    );
  });

  describe('issuances (type 22: >QQ??? and the description)', () => {
    const ISSUANCE = {
      asset: 'A95428956661682177',
      quantity: 1n,
      divisible: false,
      lock: true,
      reset: false,
      description: 'STAMP:R0lGODlhAQABAAAAACw=',
    };
    const embed = (plain: Uint8Array) =>
      payments.embed({ data: [arc4(Buffer.from(FIRST_INPUT, 'hex'), plain)] }).output!;
    const plainOf = (script: Uint8Array) =>
      Buffer.from(arc4(Buffer.from(FIRST_INPUT, 'hex'), script.subarray(script[1] === 0x4c ? 3 : 2)));
    const decoded = (script: Uint8Array) => decodeCounterpartyMessage([script], FIRST_INPUT);

    it('round-trips every field through the encrypted OP_RETURN', () => {
      for (const issuance of [
        ISSUANCE,
        {
          asset: 'KEVINSTAMP',
          quantity: 21_000_000n * 10n ** 8n,
          divisible: true,
          lock: false,
          reset: true,
          description: '',
        },
      ])
        expect(decoded(encodeCounterpartyIssuance(issuance, FIRST_INPUT))).toEqual({ kind: 'issuance', issuance });
    });

    it('lays the header out as counterparty-core packs it: type 22, asset id, quantity, three flag bytes', () => {
      const plain = plainOf(encodeCounterpartyIssuance(ISSUANCE, FIRST_INPUT));
      expect(plain.subarray(0, 8).toString()).toBe('CNTRPRTY');
      expect(plain[8]).toBe(22);
      expect(plain.readBigUInt64BE(9)).toBe(95_428_956_661_682_177n);
      expect(plain.readBigUInt64BE(17)).toBe(1n);
      expect([...plain.subarray(25, 28)]).toEqual([0, 1, 0]);
      expect(plain.subarray(28).toString()).toBe(ISSUANCE.description);
    });

    it('reads each flag from its own byte, and the type-20 id with the same layout', () => {
      const header = (flags: number[], type = 22) =>
        embed(
          Buffer.concat([
            Buffer.from('CNTRPRTY'),
            Buffer.from([type]),
            Buffer.from('000000000004fadf0000000000000005', 'hex'),
            Buffer.from(flags),
            Buffer.from('soup'),
          ]),
        );
      expect(decoded(header([1, 0, 0]))).toMatchObject({ issuance: { divisible: true, lock: false, reset: false } });
      expect(decoded(header([0, 1, 0]))).toMatchObject({ issuance: { divisible: false, lock: true, reset: false } });
      expect(decoded(header([0, 0, 1]))).toMatchObject({ issuance: { divisible: false, lock: false, reset: true } });
      expect(decoded(header([0, 0, 0], 20))).toEqual({
        kind: 'issuance',
        issuance: { asset: 'SOUP', quantity: 5n, divisible: false, lock: false, reset: false, description: 'soup' },
      });
    });

    it('keeps a description that is not UTF-8 as empty, and flags a short body or an impossible asset id', () => {
      const raw = (body: Buffer) => embed(Buffer.concat([Buffer.from('CNTRPRTY'), Buffer.from([22]), body]));
      const header = Buffer.from('000000000004fadf0000000000000005000000', 'hex');
      expect(decoded(raw(Buffer.concat([header, Buffer.from([0xff, 0xfe])])))).toMatchObject({
        issuance: { asset: 'SOUP', description: '' },
      });
      expect(decoded(raw(header.subarray(0, 18)))).toMatchObject({ kind: 'malformed' });
      expect(decoded(raw(Buffer.concat([Buffer.from('0000000000000005', 'hex'), header.subarray(8)])))).toMatchObject({
        kind: 'malformed',
        reason: expect.stringContaining('names no asset'),
      });
    });

    it('refuses to encode BTC, XCP or a bad name', () => {
      for (const asset of ['BTC', 'XCP', 'ABCD'])
        expect(() => encodeCounterpartyIssuance({ ...ISSUANCE, asset }, FIRST_INPUT), asset).toThrow(/not an issuable/);
    });
  });
});
