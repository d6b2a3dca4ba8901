/**
 * Protostones: the messages of protorunes (alkanes are protocol 1), carried in a runestone's protocol field (tag
 * 16383). Wire format (the protorunes spec, as protorune-support deciphers it): the field's u128 values are each read
 * as 15 little-endian bytes; those bytes, concatenated, are LEB128 integers: per protostone its protocol tag, the
 * number of integers that follow, then those integers: tag/value pairs like a runestone's (burn 83, message 81,
 * pointer 91, refund 93, from 95), then tag 0 and the edicts as delta-encoded 4-tuples. A protocol tag of 0 ends
 * the list (the zero padding of the last value).
 */
import { decodeEdicts, decodeVarints, type Edict, encodeVarint, type RuneId } from './runestone.js';

/** The protocol tag of alkanes. */
export const ALKANES_PROTOCOL_TAG = 1n;

export interface Protostone {
  readonly protocolTag: bigint;
  /** Protorune edicts: outputs past the transaction's are the protocol's virtual outputs (its messages). */
  readonly edicts: readonly Edict[];
  /** Output that receives what no edict took. */
  readonly pointer?: number | undefined;
  /** Output that receives the protorunes of a message that fails. */
  readonly refund?: number | undefined;
  /** Whether the protostone calls the protocol's VM (a message, tag 81). */
  readonly hasMessage?: boolean | undefined;
}

const TAG_BODY = 0n;
const TAG_MESSAGE = 81n;
const TAG_POINTER = 91n;
const TAG_REFUND = 93n;
const BYTES_PER_VALUE = 15;

function protostoneIntegers(stone: Protostone): bigint[] {
  const integers: bigint[] = [];
  if (stone.pointer !== undefined) integers.push(TAG_POINTER, BigInt(stone.pointer));
  if (stone.refund !== undefined) integers.push(TAG_REFUND, BigInt(stone.refund));
  if (stone.edicts.length > 0) {
    integers.push(TAG_BODY);
    const sorted = [...stone.edicts].sort((a, b) =>
      a.id.block === b.id.block ? Number(a.id.tx - b.id.tx) : Number(a.id.block - b.id.block),
    );
    let previous: RuneId = { block: 0n, tx: 0n };
    for (const edict of sorted) {
      const blockDelta = edict.id.block - previous.block;
      integers.push(blockDelta, blockDelta === 0n ? edict.id.tx - previous.tx : edict.id.tx);
      integers.push(edict.amount, BigInt(edict.output));
      previous = edict.id;
    }
  }
  return integers;
}

/** The protocol field's values (runestone tag 16383) that carry `protostones`. */
export function encodeProtostones(protostones: readonly Protostone[]): bigint[] {
  const bytes: number[] = [];
  for (const stone of protostones) {
    const integers = protostoneIntegers(stone);
    for (const value of [stone.protocolTag, BigInt(integers.length), ...integers]) encodeVarint(value, bytes);
  }
  const values: bigint[] = [];
  for (let at = 0; at < bytes.length; at += BYTES_PER_VALUE) {
    const chunk = bytes.slice(at, at + BYTES_PER_VALUE);
    values.push(chunk.reduceRight((value, byte) => (value << 8n) | BigInt(byte), 0n));
  }
  return values;
}

function decodeProtostone(protocolTag: bigint, integers: readonly bigint[]): Protostone | undefined {
  const fields = new Map<bigint, bigint>();
  let at = 0;
  let hasMessage = false;
  for (; at < integers.length; at += 2) {
    const tag = integers[at]!;
    if (tag === TAG_BODY) break;
    const value = integers[at + 1];
    if (value === undefined) return undefined;
    if (tag === TAG_MESSAGE) hasMessage = true;
    if (!fields.has(tag)) fields.set(tag, value);
  }
  const decoded = decodeEdicts(integers.slice(at + 1));
  if (!decoded) return undefined;
  const edicts: Edict[] = decoded.map((edict) => ({ ...edict, output: Number(edict.output) }));
  const pointer = fields.get(TAG_POINTER);
  const refund = fields.get(TAG_REFUND);
  return {
    protocolTag,
    edicts,
    pointer: pointer === undefined ? undefined : Number(pointer),
    refund: refund === undefined ? undefined : Number(refund),
    hasMessage,
  };
}

/** The protostones a runestone's protocol field carries; [] when there are none or they do not decode. */
export function decodeProtostones(protocol: readonly bigint[]): Protostone[] {
  const bytes = protocol.flatMap((value) =>
    Array.from({ length: BYTES_PER_VALUE }, (_, index) => Number((value >> BigInt(8 * index)) & 0xffn)),
  );
  const integers = decodeVarints(Uint8Array.from(bytes));
  if (!integers) return [];
  const protostones: Protostone[] = [];
  let at = 0;
  while (at < integers.length) {
    const protocolTag = integers[at]!;
    const length = integers[at + 1];
    // A zero tag is the padding of the last value.
    if (protocolTag === 0n || length === undefined) break;
    if (at + 2 + Number(length) > integers.length) return [];
    const stone = decodeProtostone(protocolTag, integers.slice(at + 2, at + 2 + Number(length)));
    if (!stone) return [];
    protostones.push(stone);
    at += 2 + Number(length);
  }
  return protostones;
}
