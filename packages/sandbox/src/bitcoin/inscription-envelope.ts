/**
 * ord's inscription envelope: in a taproot script-path witness, the tapscript holds
 * `OP_FALSE OP_IF "ord" <tag> <value>… OP_0 <body pushes…> OP_ENDIF`, with tag 1 the content type, 3 the parent
 * inscription id, 5 the metadata (CBOR, in 520-byte pushes each behind its own tag 5) and 7 the metaprotocol. The
 * sandbox faucet writes one into the witness of its inscribing transaction, and the ordinals indexer reads content,
 * parent and metadata back from it, so an inscription's content is on chain as it is on mainnet.
 */
import { decodeCbor, encodeCbor, type JsonValue } from './cbor.js';

const OP_0 = 0x00;
const OP_PUSHDATA1 = 0x4c;
const OP_PUSHDATA2 = 0x4d;
const OP_PUSHDATA4 = 0x4e;
const OP_1 = 0x51;
const OP_16 = 0x60;
const OP_IF = 0x63;
const OP_ENDIF = 0x68;
const OP_CHECKSIG = 0xac;
const PROTOCOL_ID = Buffer.from('ord');
const TAG_CONTENT_TYPE = 1;
const TAG_PARENT = 3;
const TAG_METADATA = 5;
const TAG_METAPROTOCOL = 7;
/** Consensus limit of one script push. */
const MAX_PUSH = 520;
/** BIP-341's provably unspendable key (NUMS point H): the envelope's tapscript checks a signature nobody can make. */
const NUMS_KEY = Buffer.from('50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0', 'hex');
/** Taproot leaf version 0xc0, even parity. */
const CONTROL_BLOCK = Buffer.concat([Buffer.from([0xc0]), NUMS_KEY]);

export interface InscriptionContent {
  /** The MIME type of the body; null when the envelope names none. */
  readonly contentType: string | null;
  readonly body: Uint8Array;
  /** The parent inscription's id (`<txid>i<index>`), which makes this one its child. */
  readonly parent?: string | undefined;
  /** Decoded from the envelope's CBOR; undefined when it carries none (or none that decodes). */
  readonly metadata?: JsonValue | undefined;
  /** The protocol the body follows, as its inscriber named it. */
  readonly metaprotocol?: string | undefined;
}

const INSCRIPTION_ID = /^([0-9a-f]{64})i(\d+)$/;

/**
 * ord's serialization of an inscription id (tag 3's value): the txid's 32 bytes as hashed (reversed), then the index
 * little-endian without trailing zero bytes.
 */
export function inscriptionIdBytes(id: string): Buffer {
  const [, txid, index] = INSCRIPTION_ID.exec(id) ?? [];
  if (!txid || index === undefined) throw new RangeError(`${id} is not an inscription id`);
  const indexBytes = Buffer.alloc(4);
  indexBytes.writeUInt32LE(Number(index));
  let width = 4;
  while (width > 0 && indexBytes[width - 1] === 0) width -= 1;
  return Buffer.concat([Buffer.from(txid, 'hex').reverse(), indexBytes.subarray(0, width)]);
}

/** The inscription id a tag-3 value names; undefined when it is not 32 to 36 bytes. */
function inscriptionIdOf(value: Uint8Array): string | undefined {
  if (value.length < 32 || value.length > 36) return undefined;
  const index = Buffer.concat([Buffer.from(value.subarray(32)), Buffer.alloc(4)]).readUInt32LE();
  return `${Buffer.from(value.subarray(0, 32)).reverse().toString('hex')}i${index}`;
}

function push(data: Uint8Array): Buffer {
  if (data.length === 0) return Buffer.from([OP_0]);
  if (data.length < OP_PUSHDATA1) return Buffer.concat([Buffer.from([data.length]), data]);
  if (data.length <= 0xff) return Buffer.concat([Buffer.from([OP_PUSHDATA1, data.length]), data]);
  const length = Buffer.alloc(2);
  length.writeUInt16LE(data.length);
  return Buffer.concat([Buffer.from([OP_PUSHDATA2]), length, data]);
}

/** The witness stack `[tapscript, control block]` of an input revealing `content`. */
export function inscriptionWitness(content: InscriptionContent): Buffer[] {
  const chunks: Buffer[] = [push(NUMS_KEY), Buffer.from([OP_CHECKSIG, OP_0, OP_IF]), push(PROTOCOL_ID)];
  const tag = (number: number, value: Uint8Array) => chunks.push(push(Buffer.from([number])), push(value));
  if (content.contentType !== null) tag(TAG_CONTENT_TYPE, Buffer.from(content.contentType, 'utf8'));
  if (content.parent !== undefined) tag(TAG_PARENT, inscriptionIdBytes(content.parent));
  if (content.metadata !== undefined) {
    const cbor = encodeCbor(content.metadata);
    for (let at = 0; at < cbor.length; at += MAX_PUSH) tag(TAG_METADATA, cbor.subarray(at, at + MAX_PUSH));
  }
  if (content.metaprotocol !== undefined) tag(TAG_METAPROTOCOL, Buffer.from(content.metaprotocol, 'utf8'));
  chunks.push(Buffer.from([OP_0]));
  for (let at = 0; at < content.body.length; at += MAX_PUSH)
    chunks.push(push(content.body.subarray(at, at + MAX_PUSH)));
  chunks.push(Buffer.from([OP_ENDIF]));
  return [Buffer.concat(chunks), CONTROL_BLOCK];
}

/** A script instruction: an opcode, or the bytes a push opcode pushes (OP_1..OP_16 push their number). */
type Instruction = { readonly op: number } | { readonly data: Uint8Array };

function instructions(script: Uint8Array): Instruction[] | undefined {
  const out: Instruction[] = [];
  const bytes = Buffer.from(script);
  for (let at = 0; at < bytes.length;) {
    const op = bytes[at]!;
    at += 1;
    if (op >= OP_1 && op <= OP_16) {
      out.push({ data: Uint8Array.from([op - OP_1 + 1]) });
      continue;
    }
    if (op === OP_0 || op > OP_PUSHDATA4) {
      out.push(op === OP_0 ? { data: new Uint8Array() } : { op });
      continue;
    }
    const width = op === OP_PUSHDATA1 ? 1 : op === OP_PUSHDATA2 ? 2 : op === OP_PUSHDATA4 ? 4 : 0;
    if (at + width > bytes.length) return undefined;
    const length = width === 0 ? op : bytes.readUIntLE(at, width);
    at += width;
    if (at + length > bytes.length) return undefined;
    out.push({ data: bytes.subarray(at, at + length) });
    at += length;
  }
  return out;
}

const isData = (instruction: Instruction | undefined): instruction is { data: Uint8Array } =>
  instruction !== undefined && 'data' in instruction;
const opcodeOf = (instruction: Instruction | undefined) =>
  instruction !== undefined && 'op' in instruction ? instruction.op : undefined;

/** The tapscript of a script-path spend (ord's rule: the second-to-last element, after removing an annex). */
function tapscriptOf(witness: readonly Uint8Array[]): Uint8Array | undefined {
  const stack = witness.length >= 2 && witness.at(-1)![0] === 0x50 ? witness.slice(0, -1) : witness;
  return stack.length >= 2 ? stack.at(-2) : undefined;
}

/** The fields and body of an envelope whose instructions follow `OP_FALSE OP_IF "ord"`; undefined if malformed. */
function envelopeAt(rest: readonly Instruction[]): InscriptionContent | undefined {
  const fields = new Map<number, Uint8Array[]>();
  let body: Uint8Array[] | undefined;
  for (let at = 0; at < rest.length; at += 1) {
    const instruction = rest[at]!;
    if (!isData(instruction))
      return opcodeOf(instruction) === OP_ENDIF ? contentOf(fields, Buffer.concat(body ?? [])) : undefined;
    if (body) body.push(instruction.data);
    // OP_0 (an empty push) opens the body: every push after it is content.
    else if (instruction.data.length === 0) body = [];
    else {
      // A tag and its value; a tag may repeat (metadata spans several pushes). Unknown odd tags are ignored.
      const value = rest[at + 1];
      if (!isData(value)) return undefined;
      if (instruction.data.length === 1) {
        const number = instruction.data[0]!;
        fields.set(number, [...(fields.get(number) ?? []), value.data]);
      }
      at += 1;
    }
  }
  return undefined;
}

/** The fields ord reads from an envelope's tags: the first value of single-valued tags, metadata's pushes joined. */
function contentOf(fields: ReadonlyMap<number, readonly Uint8Array[]>, body: Uint8Array): InscriptionContent {
  const text = (tag: number) => {
    const value = fields.get(tag)?.[0];
    return value && Buffer.from(value).toString('utf8');
  };
  const parent = fields.get(TAG_PARENT)?.[0];
  const metadata = fields.get(TAG_METADATA);
  return {
    contentType: text(TAG_CONTENT_TYPE) ?? null,
    body,
    parent: parent && inscriptionIdOf(parent),
    metadata: metadata && decodeCbor(Buffer.concat(metadata)),
    metaprotocol: text(TAG_METAPROTOCOL),
  };
}

/** The first inscription an input's witness reveals, if any. */
export function revealedInscription(witness: readonly Uint8Array[]): InscriptionContent | undefined {
  const script = tapscriptOf(witness);
  const parsed = script && instructions(script);
  if (!parsed) return undefined;
  for (let start = 0; start + 2 < parsed.length; start += 1) {
    const [ifFalse, ifOp, protocol] = [parsed[start], parsed[start + 1], parsed[start + 2]];
    if (!isData(ifFalse) || ifFalse.data.length !== 0 || opcodeOf(ifOp) !== OP_IF) continue;
    if (!isData(protocol) || !PROTOCOL_ID.equals(protocol.data)) continue;
    const content = envelopeAt(parsed.slice(start + 3));
    if (content) return content;
  }
  return undefined;
}
