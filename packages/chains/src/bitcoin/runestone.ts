/**
 * Runestones (the Runes protocol's OP_RETURN OP_13 message), encoded by the send tool and decoded by the sandbox
 * ledger, one implementation for both. Only what moving runes needs: edicts and the pointer (and the protocol field,
 * tag 16383, that carries protorunes' protostones, kept as its raw values); etching and minting
 * tags are recognised (so they do not make a cenotaph) but not applied: sandbox runes are seeded by the faucet.
 *
 * Wire format (ord's runes spec): the payload is the concatenation of the script's data pushes after OP_RETURN
 * OP_13, read as unsigned LEB128 integers (u128): tag/value pairs, then tag 0 and the edicts as 4-tuples
 * (block delta, tx delta, amount, output), rune ids delta-encoded in ascending order.
 */

export interface RuneId {
  readonly block: bigint;
  readonly tx: bigint;
}

export interface Edict {
  readonly id: RuneId;
  /** 0 = everything of that rune still unallocated. */
  readonly amount: bigint;
  readonly output: number;
}

export interface Runestone {
  readonly edicts: readonly Edict[];
  /** Output that receives the unallocated runes (default: the first non-OP_RETURN output). */
  readonly pointer?: number | undefined;
  /** The values of the protocol field (tag 16383), in order: where protorunes carry their protostones (protostone.ts). */
  readonly protocol?: readonly bigint[] | undefined;
}

/** A decoded message: a runestone, a cenotaph (malformed: every input rune burns), or none in this transaction. */
export type RunestoneMessage =
  | { readonly kind: 'runestone'; readonly runestone: Runestone }
  | { readonly kind: 'cenotaph'; readonly reason: string }
  | { readonly kind: 'none' };

const OP_RETURN = 0x6a;
const OP_13 = 0x5d;
const TAG_BODY = 0n;
const TAG_POINTER = 22n;
const TAG_PROTOCOL = 16383n;
/** Tags the spec defines (odd ones may be ignored; an unknown even tag makes a cenotaph). */
const KNOWN_EVEN_TAGS = new Set([2n, 4n, 6n, 8n, 10n, 12n, 14n, 16n, 18n, 20n, 22n, 126n]);
const U128_MAX = (1n << 128n) - 1n;

export const runeIdText = (id: RuneId) => `${id.block}:${id.tx}`;

export function parseRuneId(text: string): RuneId {
  const [block, tx] = text.split(':');
  return { block: BigInt(block!), tx: BigInt(tx!) };
}

/** Appends `value` as an unsigned LEB128 integer (the runestone's integer encoding). */
export function encodeVarint(value: bigint, into: number[]): void {
  let rest = value;
  while (rest >> 7n > 0n) {
    into.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  into.push(Number(rest));
}

/** A payload read as unsigned LEB128 integers, or undefined when one is above u128 or cut short. */
export function decodeVarints(payload: Uint8Array): bigint[] | undefined {
  const values: bigint[] = [];
  let value = 0n;
  let shift = 0n;
  for (const byte of payload) {
    value |= BigInt(byte & 0x7f) << shift;
    if (value > U128_MAX) return undefined;
    shift += 7n;
    if ((byte & 0x80) === 0) {
      values.push(value);
      value = 0n;
      shift = 0n;
    } else if (shift > 126n) return undefined;
  }
  return shift === 0n ? values : undefined;
}

/** The OP_RETURN OP_13 script carrying `runestone` (edicts sorted by rune id, as the encoding requires). */
export function encodeRunestone(runestone: Runestone): Uint8Array {
  const payload: number[] = [];
  if (runestone.pointer !== undefined) {
    encodeVarint(TAG_POINTER, payload);
    encodeVarint(BigInt(runestone.pointer), payload);
  }
  for (const value of runestone.protocol ?? []) {
    encodeVarint(TAG_PROTOCOL, payload);
    encodeVarint(value, payload);
  }
  if (runestone.edicts.length > 0) {
    encodeVarint(TAG_BODY, payload);
    const sorted = [...runestone.edicts].sort((a, b) =>
      a.id.block === b.id.block ? Number(a.id.tx - b.id.tx) : Number(a.id.block - b.id.block),
    );
    let previous: RuneId = { block: 0n, tx: 0n };
    for (const edict of sorted) {
      const blockDelta = edict.id.block - previous.block;
      encodeVarint(blockDelta, payload);
      encodeVarint(blockDelta === 0n ? edict.id.tx - previous.tx : edict.id.tx, payload);
      encodeVarint(edict.amount, payload);
      encodeVarint(BigInt(edict.output), payload);
      previous = edict.id;
    }
  }
  if (payload.length > 75) throw new Error('runestone payload above 75 bytes: not supported by this encoder');
  return Uint8Array.from([OP_RETURN, OP_13, payload.length, ...payload]);
}

/** The data pushes of a script after its first two opcodes, or undefined if any opcode is not a push. */
function pushedData(script: Uint8Array): Uint8Array | undefined {
  const data: number[] = [];
  let at = 2;
  while (at < script.length) {
    const opcode = script[at]!;
    let length: number;
    let header = 1;
    if (opcode <= 75) length = opcode;
    else if (opcode === 0x4c) [length, header] = [script[at + 1] ?? -1, 2];
    else if (opcode === 0x4d) [length, header] = [(script[at + 1] ?? 0) | ((script[at + 2] ?? 0) << 8), 3];
    else return undefined;
    if (length < 0 || at + header + length > script.length) return undefined;
    data.push(...script.subarray(at + header, at + header + length));
    at += header + length;
  }
  return Uint8Array.from(data);
}

/**
 * Edicts from their integers: 4-tuples (block delta, tx delta, amount, output), each id relative to the one before
 * (the tx delta is absolute when the block moves). Undefined when integers trail the last tuple. Runestones and
 * protostones encode edicts alike.
 */
export function decodeEdicts(
  integers: readonly bigint[],
): { readonly id: RuneId; readonly amount: bigint; readonly output: bigint }[] | undefined {
  if (integers.length % 4 !== 0) return undefined;
  const edicts: { id: RuneId; amount: bigint; output: bigint }[] = [];
  let previous: RuneId = { block: 0n, tx: 0n };
  for (let index = 0; index < integers.length; index += 4) {
    const [blockDelta, txDelta, amount, output] = integers.slice(index, index + 4) as [bigint, bigint, bigint, bigint];
    const id = { block: previous.block + blockDelta, tx: blockDelta === 0n ? previous.tx + txDelta : txDelta };
    edicts.push({ id, amount, output });
    previous = id;
  }
  return edicts;
}

/** The runestone of a transaction: its first output whose script is OP_RETURN OP_13 (ord's rule). */
export function decodeRunestone(outputScripts: readonly Uint8Array[]): RunestoneMessage {
  const script = outputScripts.find((candidate) => candidate[0] === OP_RETURN && candidate[1] === OP_13);
  if (!script) return { kind: 'none' };
  const payload = pushedData(script);
  if (!payload) return { kind: 'cenotaph', reason: 'the runestone script has a non-push opcode' };
  const values = decodeVarints(payload);
  if (!values) return { kind: 'cenotaph', reason: 'the runestone payload is not a sequence of u128 varints' };
  let pointer: number | undefined;
  const protocol: bigint[] = [];
  let at = 0;
  for (; at < values.length; at += 2) {
    const tag = values[at]!;
    if (tag === TAG_BODY) break;
    const value = values[at + 1];
    if (value === undefined) return { kind: 'cenotaph', reason: 'a runestone tag has no value' };
    if (tag % 2n === 0n && !KNOWN_EVEN_TAGS.has(tag)) return { kind: 'cenotaph', reason: `unknown even tag ${tag}` };
    if (tag === TAG_POINTER && pointer === undefined) {
      if (value >= BigInt(outputScripts.length)) return { kind: 'cenotaph', reason: 'the pointer names no output' };
      pointer = Number(value);
    }
    if (tag === TAG_PROTOCOL) protocol.push(value);
  }
  const decoded = decodeEdicts(values.slice(at + 1));
  if (!decoded) return { kind: 'cenotaph', reason: 'trailing integers after the edicts' };
  const past = decoded.find((edict) => edict.output > BigInt(outputScripts.length));
  if (past) return { kind: 'cenotaph', reason: `an edict names output ${past.output}, past the last` };
  const edicts: Edict[] = decoded.map((edict) => ({ ...edict, output: Number(edict.output) }));
  return {
    kind: 'runestone',
    runestone: { edicts, pointer, ...(protocol.length > 0 ? { protocol } : {}) },
  };
}
