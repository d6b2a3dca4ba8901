/**
 * The CBOR (RFC 8949) that ord writes an inscription's metadata in (envelope tag 5): ord converts `--json-metadata`
 * to CBOR, so a JSON value maps to CBOR as JSON does: objects to maps with text keys, integers to major types 0/1,
 * other numbers to 64-bit floats, strings to text, arrays, booleans and null. Decoding also reads what other
 * inscribers write (byte strings, tags, 16/32-bit floats, indefinite lengths); it refuses anything malformed.
 */

/** A JSON value, as metadata is given and as it decodes (CBOR byte strings decode to hex strings). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** How deep metadata may nest (ord's own metadata is flat or shallow). */
const MAX_DEPTH = 32;
const MAJOR_UNSIGNED = 0;
const MAJOR_NEGATIVE = 1;
const MAJOR_BYTES = 2;
const MAJOR_TEXT = 3;
const MAJOR_ARRAY = 4;
const MAJOR_MAP = 5;
const MAJOR_TAG = 6;
const MAJOR_SIMPLE = 7;
const INDEFINITE = 31;
const BREAK = 0xff;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length <= 0xff) return Buffer.from([(major << 5) | 24, length]);
  if (length <= 0xffff) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  if (length <= 0xffffffff) {
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  }
  const out = Buffer.alloc(9);
  out[0] = (major << 5) | 27;
  out.writeBigUInt64BE(BigInt(length), 1);
  return out;
}

/** `value` as CBOR. */
export function encodeCbor(value: JsonValue): Buffer {
  if (value === null) return Buffer.from([0xf6]);
  if (value === false) return Buffer.from([0xf4]);
  if (value === true) return Buffer.from([0xf5]);
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return value >= 0 ? head(MAJOR_UNSIGNED, value) : head(MAJOR_NEGATIVE, -1 - value);
    const out = Buffer.alloc(9);
    out[0] = 0xfb;
    out.writeDoubleBE(value, 1);
    return out;
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(MAJOR_TEXT, text.length), text]);
  }
  if (Array.isArray(value))
    return Buffer.concat([head(MAJOR_ARRAY, value.length), ...value.map((item: JsonValue) => encodeCbor(item))]);
  const entries = Object.entries(value as { readonly [key: string]: JsonValue });
  return Buffer.concat([
    head(MAJOR_MAP, entries.length),
    ...entries.flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)]),
  ]);
}

class Reader {
  at = 0;
  constructor(readonly bytes: Buffer) {}

  take(length: number): Buffer {
    if (this.at + length > this.bytes.length) throw new RangeError('CBOR ends early');
    const out = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  /** The argument of a head whose additional information is `info` (undefined: indefinite length). */
  argument(info: number): number | undefined {
    if (info < 24) return info;
    if (info === INDEFINITE) return undefined;
    if (info === 24) return this.take(1)[0]!;
    if (info === 25) return this.take(2).readUInt16BE();
    if (info === 26) return this.take(4).readUInt32BE();
    if (info === 27) {
      const big = this.take(8).readBigUInt64BE();
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('CBOR integer beyond 2^53');
      return Number(big);
    }
    throw new RangeError(`reserved CBOR additional information ${info}`);
  }

  atBreak(): boolean {
    if (this.bytes[this.at] !== BREAK) return false;
    this.at += 1;
    return true;
  }

  value(depth = 0): JsonValue {
    // Metadata is anyone's bytes: nesting is bounded so a deep one cannot exhaust the stack.
    if (depth > MAX_DEPTH) throw new RangeError(`CBOR nested deeper than ${MAX_DEPTH}`);
    const initial = this.take(1)[0]!;
    const major = initial >> 5;
    const info = initial & 0x1f;
    if (major === MAJOR_SIMPLE) return this.simple(info);
    const length = this.argument(info);
    switch (major) {
      case MAJOR_UNSIGNED:
      case MAJOR_NEGATIVE:
        if (length === undefined) throw new RangeError('an integer has no indefinite length');
        return major === MAJOR_UNSIGNED ? length : -1 - length;
      case MAJOR_BYTES:
      case MAJOR_TEXT: {
        const chunks: Buffer[] = [];
        if (length !== undefined) chunks.push(this.take(length));
        else while (!this.atBreak()) chunks.push(Buffer.from(this.stringChunk(major)));
        const bytes = Buffer.concat(chunks);
        return major === MAJOR_TEXT ? new TextDecoder('utf-8', { fatal: true }).decode(bytes) : bytes.toString('hex');
      }
      case MAJOR_ARRAY: {
        const items: JsonValue[] = [];
        while (length === undefined ? !this.atBreak() : items.length < length) items.push(this.value(depth + 1));
        return items;
      }
      case MAJOR_MAP: {
        const map: Record<string, JsonValue> = {};
        for (let count = 0; length === undefined ? !this.atBreak() : count < length; count += 1) {
          const key = this.value(depth + 1);
          // defineProperty: a "__proto__" key is an own entry, not the map's prototype.
          Object.defineProperty(map, typeof key === 'string' ? key : JSON.stringify(key), {
            value: this.value(depth + 1),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        return map;
      }
      case MAJOR_TAG:
        // A tag annotates the item after it (a date, a bignum…): the item is what metadata readers show.
        return this.value(depth + 1);
      default:
        throw new RangeError(`CBOR major type ${major}`);
    }
  }

  stringChunk(major: number): string | Buffer {
    const initial = this.take(1)[0]!;
    const length = this.argument(initial & 0x1f);
    if (initial >> 5 !== major || length === undefined) throw new RangeError('bad chunk in an indefinite string');
    return this.take(length);
  }

  simple(info: number): JsonValue {
    if (info === 20) return false;
    if (info === 21) return true;
    if (info === 22 || info === 23) return null;
    if (info === 25) return halfFloat(this.take(2).readUInt16BE());
    if (info === 26) return this.take(4).readFloatBE();
    if (info === 27) return this.take(8).readDoubleBE();
    throw new RangeError(`CBOR simple value ${info}`);
  }
}

function halfFloat(bits: number): number {
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  const sign = bits & 0x8000 ? -1 : 1;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : NaN;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/** The one CBOR item `bytes` hold, or undefined when they are not exactly one well-formed item. */
export function decodeCbor(bytes: Uint8Array): JsonValue | undefined {
  const reader = new Reader(Buffer.from(bytes));
  try {
    const value = reader.value();
    return reader.at === bytes.length ? value : undefined;
  } catch {
    return undefined;
  }
}
