/**
 * ord's inscription envelope: in a taproot script-path witness, the tapscript holds
 * `OP_FALSE OP_IF "ord" <tag 1> <content type> OP_0 <body pushes…> OP_ENDIF`. The sandbox faucet writes one into the
 * witness of its inscribing transaction, and the ordinals indexer reads content type and size back from it, so an
 * inscription's content is on chain as it is on mainnet.
 */

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
  if (content.contentType !== null)
    chunks.push(push(Buffer.from([TAG_CONTENT_TYPE])), push(Buffer.from(content.contentType, 'utf8')));
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
  let contentType: string | null = null;
  let body: Uint8Array[] | undefined;
  for (let at = 0; at < rest.length; at += 1) {
    const instruction = rest[at]!;
    if (!isData(instruction))
      return opcodeOf(instruction) === OP_ENDIF ? { contentType, body: Buffer.concat(body ?? []) } : undefined;
    if (body) body.push(instruction.data);
    // OP_0 (an empty push) opens the body: every push after it is content.
    else if (instruction.data.length === 0) body = [];
    else {
      // A tag and its value (ord: unknown odd tags are ignored; only the content type is read here).
      const value = rest[at + 1];
      if (!isData(value)) return undefined;
      if (instruction.data.length === 1 && instruction.data[0] === TAG_CONTENT_TYPE)
        contentType = Buffer.from(value.data).toString('utf8');
      at += 1;
    }
  }
  return undefined;
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
