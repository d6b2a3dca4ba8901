import { createHash } from 'node:crypto';

/** Anchor's 8-byte discriminator of an instruction (`global`) or an account (`account`). */
export const anchorDiscriminator = (namespace: 'global' | 'account', name: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(`${namespace}:${name}`).digest().subarray(0, 8));

/** Byte arrays one after another. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Borsh u64s, little-endian, one after another. */
export function borshU64(...values: readonly bigint[]): Uint8Array {
  const out = new Uint8Array(8 * values.length);
  const view = new DataView(out.buffer);
  values.forEach((value, index) => view.setBigUint64(8 * index, value, true));
  return out;
}

/** A Borsh bool: one byte. */
export const borshBool = (value: boolean): Uint8Array => Uint8Array.of(value ? 1 : 0);

/** A Borsh string: its UTF-8 byte length as a little-endian u32, then the bytes. */
export function borshString(value: string): Uint8Array {
  const bytes = new TextEncoder().encode(value);
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length, true);
  out.set(bytes, 4);
  return out;
}

/** An Anchor instruction's data: its discriminator, then its Borsh-encoded arguments. */
export const anchorInstructionData = (instruction: string, ...args: readonly Uint8Array[]): Uint8Array =>
  concatBytes(anchorDiscriminator('global', instruction), ...args);
