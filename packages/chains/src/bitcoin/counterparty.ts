/**
 * Counterparty messages in Bitcoin transactions, encoded by the sandbox's compose API, decoded by the sandbox ledger
 * and by sendXCP (which checks what a compose API built before the vault signs it): one implementation for all.
 *
 * Wire format (counterparty-core): the data of one OP_RETURN output is ARC4-encrypted with the txid of the
 * transaction's first input (its 32 bytes in display order) as key; decrypted it is "CNTRPRTY", the message type
 * (one byte when non-zero, else four bytes big-endian) and the message. Enhanced send (type 2) in the v10 (taproot)
 * encoding is the CBOR array [asset_id, quantity, packed destination, memo]; the pre-v10 fixed layout
 * (>QQ21s + memo) is still read, as counterparty-core does. An issuance (type 22, counterparty-core's lock/reset
 * issuance, which it composes for every new asset today; type 20 is read alike) is >QQ??? (asset id, quantity,
 * divisible, lock, reset) followed by the description's UTF-8 bytes. Classic Bitcoin Stamps are issuances whose
 * description is "STAMP:" and base64 data; they are carried in the same OP_RETURN here (Bitcoin Core relays
 * OP_RETURN data up to 100 kB since v30), not in counterparty-core's bare-multisig chunks.
 */
import { address as addressCodec, networks, payments, script as bscript } from 'bitcoinjs-lib';

export const COUNTERPARTY_PREFIX = 'CNTRPRTY';
export const ENHANCED_SEND_TYPE = 2;
/** The issuance message counterparty-core composes ("LR" issuance: lock and reset flags, no callability). */
export const ISSUANCE_TYPE = 22;
/** The older issuance id; since the callability fields were removed it has the same layout. */
const LEGACY_ISSUANCE_TYPE = 20;
/** asset id (u64), quantity (u64), divisible, lock, reset (one byte each). */
const ISSUANCE_HEADER_BYTES = 19;

const B26 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NUMERIC_ASSET_MIN = 26n ** 12n + 1n;
const U64_MAX = (1n << 64n) - 1n;
const MAX_MEMO_BYTES = 34;

/** An enhanced send: `quantity` atomic units (divisible assets have 8 decimals) of `asset` to `destination`. */
export interface CounterpartySend {
  readonly asset: string;
  readonly quantity: bigint;
  readonly destination: string;
  readonly memo?: Uint8Array | undefined;
}

/**
 * An issuance of `asset` by the transaction's source: creates the asset on its first valid issuance, and credits the
 * issuer `quantity` (atomic units). `lock` forbids later issuances; `description` is free text (a stamp's data).
 */
export interface CounterpartyIssuance {
  readonly asset: string;
  readonly quantity: bigint;
  readonly divisible: boolean;
  readonly lock: boolean;
  readonly reset: boolean;
  readonly description: string;
}

/** What a transaction's OP_RETURN carries for Counterparty. */
export type CounterpartyMessage =
  | { readonly kind: 'none' }
  | { readonly kind: 'send'; readonly send: CounterpartySend }
  | { readonly kind: 'issuance'; readonly issuance: CounterpartyIssuance }
  | { readonly kind: 'unsupported'; readonly messageType: number }
  | { readonly kind: 'malformed'; readonly reason: string };

/** RC4: the same keystream XOR encrypts and decrypts. */
export function arc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const state = Uint8Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    out[n] = data[n]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return out;
}

/** counterparty-core's asset id: BTC 0, XCP 1, A<n> is n, a named asset its letters in base 26. Undefined if invalid. */
export function counterpartyAssetId(name: string): bigint | undefined {
  if (name === 'BTC') return 0n;
  if (name === 'XCP') return 1n;
  if (/^A\d+$/.test(name)) {
    const id = BigInt(name.slice(1));
    return id >= NUMERIC_ASSET_MIN && id <= U64_MAX ? id : undefined;
  }
  if (!/^[B-Z][A-Z]{3,11}$/.test(name)) return undefined;
  return [...name].reduce((id, letter) => id * 26n + BigInt(B26.indexOf(letter)), 0n);
}

/** The asset name of an id (inverse of counterpartyAssetId); undefined for ids no asset can have. */
export function counterpartyAssetName(id: bigint): string | undefined {
  if (id === 0n) return 'BTC';
  if (id === 1n) return 'XCP';
  if (id >= NUMERIC_ASSET_MIN) return id <= U64_MAX ? `A${id}` : undefined;
  if (id < 26n ** 3n) return undefined;
  let name = '';
  for (let rest = id; rest > 0n; rest /= 26n) name = B26[Number(rest % 26n)]! + name;
  return name;
}

/** counterparty-core's packed address: version byte + hash for base58 addresses, 0x80 + witness version + program for bech32. */
export function packCounterpartyAddress(address: string): Uint8Array {
  if (/^(bc|BC)1/.test(address)) {
    const { version, data } = addressCodec.fromBech32(address);
    return Uint8Array.from([0x80 + version, ...data]);
  }
  const { version, hash } = addressCodec.fromBase58Check(address);
  return Uint8Array.from([version, ...hash]);
}

export function unpackCounterpartyAddress(packed: Uint8Array): string {
  const first = packed[0];
  if (first === undefined) throw new Error('empty packed address');
  if (first >= 0x80) return addressCodec.toBech32(packed.subarray(1), first - 0x80, networks.bitcoin.bech32);
  if (packed.length !== 21) throw new Error('a packed base58 address has 21 bytes');
  return addressCodec.toBase58Check(packed.subarray(1), first);
}

// -- Minimal CBOR (RFC 8949): unsigned integers, byte strings, arrays and null, all the send message uses --------

function cborHead(major: number, value: bigint): number[] {
  if (value < 24n) return [(major << 5) | Number(value)];
  const width = value < 0x100n ? 1 : value < 0x10000n ? 2 : value < 0x100000000n ? 4 : 8;
  const bytes = Array.from({ length: width }, (_, index) => Number((value >> BigInt(8 * (width - 1 - index))) & 0xffn));
  return [(major << 5) | { 1: 24, 2: 25, 4: 26, 8: 27 }[width], ...bytes];
}

type CborItem = bigint | Uint8Array | null | CborItem[];

function cborEncode(item: CborItem): number[] {
  if (item === null) return [0xf6];
  if (typeof item === 'bigint') return cborHead(0, item);
  if (item instanceof Uint8Array) return [...cborHead(2, BigInt(item.length)), ...item];
  return [...cborHead(4, BigInt(item.length)), ...item.flatMap(cborEncode)];
}

function cborDecode(bytes: Uint8Array): CborItem {
  let at = 0;
  const readHead = (): [number, bigint] => {
    const initial = bytes[at++];
    if (initial === undefined) throw new Error('truncated');
    const info = initial & 0x1f;
    if (info < 24) return [initial >> 5, BigInt(info)];
    const width = { 24: 1, 25: 2, 26: 4, 27: 8 }[info];
    if (!width || at + width > bytes.length) throw new Error('bad length');
    let value = 0n;
    for (let index = 0; index < width; index++) value = (value << 8n) | BigInt(bytes[at++]!);
    return [initial >> 5, value];
  };
  const item = (): CborItem => {
    if (bytes[at] === 0xf6) {
      at += 1;
      return null;
    }
    const [major, value] = readHead();
    if (major === 0) return value;
    if (major === 2) {
      if (at + Number(value) > bytes.length) throw new Error('truncated byte string');
      at += Number(value);
      return bytes.slice(at - Number(value), at);
    }
    if (major === 4 && value <= 16n) return Array.from({ length: Number(value) }, item);
    throw new Error(`CBOR major type ${major} is not part of a send`);
  };
  const decoded = item();
  if (at !== bytes.length) throw new Error('trailing bytes');
  return decoded;
}

// -- Messages ---------------------------------------------------------------------------------------------------

const txidKey = (txid: string) => Uint8Array.from(Buffer.from(txid, 'hex'));

/** The OP_RETURN script carrying `send` for a transaction whose first input spends an output of `firstInputTxid`. */
export function encodeCounterpartySend(send: CounterpartySend, firstInputTxid: string): Uint8Array {
  const assetId = counterpartyAssetId(send.asset);
  if (assetId === undefined || assetId === 0n)
    throw new Error(`${send.asset} is not a sendable Counterparty asset name`);
  if (send.quantity <= 0n || send.quantity > U64_MAX) throw new Error('the quantity must be a positive 64-bit integer');
  const body = cborEncode([assetId, send.quantity, packCounterpartyAddress(send.destination), send.memo ?? null]);
  return counterpartyOpReturn(ENHANCED_SEND_TYPE, Uint8Array.from(body), firstInputTxid);
}

/** The OP_RETURN script carrying `issuance` (type 22) for a transaction whose first input spends `firstInputTxid`. */
export function encodeCounterpartyIssuance(issuance: CounterpartyIssuance, firstInputTxid: string): Uint8Array {
  const assetId = counterpartyAssetId(issuance.asset);
  if (assetId === undefined || assetId < 2n) throw new Error(`${issuance.asset} is not an issuable asset name`);
  if (issuance.quantity < 0n || issuance.quantity > U64_MAX)
    throw new Error('the quantity must be a 64-bit unsigned integer');
  const header = new DataView(new ArrayBuffer(ISSUANCE_HEADER_BYTES));
  header.setBigUint64(0, assetId);
  header.setBigUint64(8, issuance.quantity);
  header.setUint8(16, issuance.divisible ? 1 : 0);
  header.setUint8(17, issuance.lock ? 1 : 0);
  header.setUint8(18, issuance.reset ? 1 : 0);
  const body = Uint8Array.from([...new Uint8Array(header.buffer), ...Buffer.from(issuance.description, 'utf8')]);
  return counterpartyOpReturn(ISSUANCE_TYPE, body, firstInputTxid);
}

/** "CNTRPRTY", the one-byte message type and the body, ARC4-encrypted with the first input's txid, in an OP_RETURN. */
function counterpartyOpReturn(messageType: number, body: Uint8Array, firstInputTxid: string): Uint8Array {
  const message = Uint8Array.from([...Buffer.from(COUNTERPARTY_PREFIX), messageType, ...body]);
  return payments.embed({ data: [arc4(txidKey(firstInputTxid), message)] }).output!;
}

function decodeIssuance(body: Uint8Array): CounterpartyIssuance {
  if (body.length < ISSUANCE_HEADER_BYTES) throw new Error(`an issuance needs ${ISSUANCE_HEADER_BYTES} bytes`);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const assetId = view.getBigUint64(0);
  const asset = counterpartyAssetName(assetId);
  if (!asset) throw new Error(`asset id ${assetId} names no asset`);
  let description: string;
  try {
    description = new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(ISSUANCE_HEADER_BYTES));
  } catch {
    // counterparty-core keeps an issuance whose description is not UTF-8, with an empty description.
    description = '';
  }
  return {
    asset,
    quantity: view.getBigUint64(8),
    divisible: body[16] !== 0,
    lock: body[17] !== 0,
    reset: body[18] !== 0,
    description,
  };
}

function decodeSend(body: Uint8Array): CounterpartySend {
  let fields: [bigint, bigint, Uint8Array, Uint8Array | undefined];
  try {
    const decoded = cborDecode(body);
    if (!Array.isArray(decoded) || decoded.length !== 4) throw new Error('not a 4-item array');
    const [assetId, quantity, destination, memo] = decoded;
    if (
      typeof assetId !== 'bigint' ||
      typeof quantity !== 'bigint' ||
      !(destination instanceof Uint8Array) ||
      !(memo === null || memo instanceof Uint8Array)
    )
      throw new Error('wrong item types');
    fields = [assetId, quantity, destination, memo ?? undefined];
  } catch {
    // The pre-v10 layout: asset id and quantity (u64 big-endian), the 21-byte packed address, then the memo.
    if (body.length < 37 || body.length > 37 + MAX_MEMO_BYTES)
      throw new Error('neither a CBOR send nor a 37-byte legacy send');
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    fields = [
      view.getBigUint64(0),
      view.getBigUint64(8),
      body.slice(16, 37),
      body.length > 37 ? body.slice(37) : undefined,
    ];
  }
  const [assetId, quantity, destination, memo] = fields;
  const asset = counterpartyAssetName(assetId);
  if (!asset || asset === 'BTC') throw new Error(`asset id ${assetId} names no sendable asset`);
  if (memo && memo.length > MAX_MEMO_BYTES) throw new Error('memo too long');
  return { asset, quantity, destination: unpackCounterpartyAddress(destination), ...(memo ? { memo } : {}) };
}

/** The Counterparty message of a transaction, from its output scripts and the txid its first input spends. */
export function decodeCounterpartyMessage(
  outputScripts: readonly Uint8Array[],
  firstInputTxid: string,
): CounterpartyMessage {
  const key = txidKey(firstInputTxid);
  for (const script of outputScripts) {
    if (script[0] !== 0x6a) continue;
    const chunks = bscript.decompile(script);
    const data = chunks?.[1];
    if (chunks?.length !== 2 || !(data instanceof Uint8Array)) continue;
    const plain = arc4(key, data);
    if (Buffer.from(plain.subarray(0, 8)).toString('latin1') !== COUNTERPARTY_PREFIX) continue;
    const rest = plain.subarray(8);
    const short = rest.length > 1 && rest[0] !== 0;
    if (!short && rest.length < 4) return { kind: 'malformed', reason: 'no message type' };
    const messageType = short ? rest[0]! : new DataView(rest.buffer, rest.byteOffset).getUint32(0);
    const body = rest.subarray(short ? 1 : 4);
    try {
      if (messageType === ENHANCED_SEND_TYPE) return { kind: 'send', send: decodeSend(body) };
      if (messageType === ISSUANCE_TYPE || messageType === LEGACY_ISSUANCE_TYPE)
        return { kind: 'issuance', issuance: decodeIssuance(body) };
      return { kind: 'unsupported', messageType };
    } catch (error) {
      return { kind: 'malformed', reason: error instanceof Error ? error.message : String(error) };
    }
  }
  return { kind: 'none' };
}
