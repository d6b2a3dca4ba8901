/**
 * The sandbox marketplace's order book: resting asks, each a seller's signed listing PSBT (listing.ts) waiting for a
 * buyer, as the ordinals marketplaces keep them off chain. An ask is taken only when its PSBT is what it says: one
 * input spending the listed output, signed SIGHASH_SINGLE|ANYONECANPAY, and one output paying the listed price to the
 * seller, who holds that output now. An ask is void once the listed output is spent (a fill, or the seller moving the
 * asset: the signature then commits to an output that no longer exists), so the book reads the ledger on every look
 * and never answers a void ask. With a file, the book writes every change there and loads it on start, so resting
 * asks survive a restart (a listing stays valid as long as its output is unspent); a sandbox reset needs nothing: the
 * asks of outputs the reset took away are void.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { address as bitcoinAddress, networks, Psbt, Transaction } from 'bitcoinjs-lib';
import type { BitcoinSandboxLedger } from '../ledger.js';
import { type Listing, SALE_SIGHASH } from './listing.js';

export class OrderBookError extends Error {}

/** The sighash byte of a finalized input's signature (P2WPKH: DER's last byte; P2TR key path: byte 65). */
function sighashOf(witness: readonly Uint8Array[], isTaproot: boolean): number | undefined {
  const signature = witness[0];
  if (!signature) return undefined;
  if (isTaproot) return signature.length === 65 ? signature[64] : Transaction.SIGHASH_DEFAULT;
  return signature[signature.length - 1];
}

/** A PSBT's serialized witness (a count, then each item's length and bytes; lengths as Bitcoin varints). */
function witnessStack(serialized: Uint8Array): Uint8Array[] {
  let at = 0;
  const varint = () => {
    const first = serialized[at++]!;
    if (first < 0xfd) return first;
    const size = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    let value = 0;
    for (let byte = 0; byte < size; byte++) value += serialized[at++]! * 2 ** (8 * byte);
    return value;
  };
  return Array.from({ length: varint() }, () => {
    const length = varint();
    at += length;
    return serialized.subarray(at - length, at);
  });
}

/** Why `listing` cannot rest on the book now, or undefined when it can. */
function invalidity(ledger: BitcoinSandboxLedger, listing: Listing): string | undefined {
  let psbt: Psbt;
  try {
    psbt = Psbt.fromBase64(listing.psbt, { network: networks.bitcoin });
  } catch {
    return 'its PSBT does not decode';
  }
  if (psbt.inputCount !== 1 || psbt.txOutputs.length !== 1) return 'a listing has one input and one output';
  const input = psbt.txInputs[0]!;
  const outpoint = `${Buffer.from(input.hash).reverse().toString('hex')}:${input.index}`;
  if (outpoint !== listing.outpoint) return `its input spends ${outpoint}, not the listed ${listing.outpoint}`;
  const [txid, vout] = listing.outpoint.split(':') as [string, string];
  const listed = ledger.utxo(txid, Number(vout));
  if (!listed) return `${listing.outpoint} is spent or unknown`;
  if (listed.address !== listing.seller) return `${listing.outpoint} is not held by ${listing.seller}`;
  const payment = psbt.txOutputs[0]!;
  if (payment.value !== listing.priceSats || bitcoinAddress.fromOutputScript(payment.script) !== listing.seller)
    return `its output does not pay ${listing.priceSats} sats to ${listing.seller}`;
  const finalWitness = psbt.data.inputs[0]!.finalScriptWitness;
  if (!finalWitness) return 'its input is not signed';
  // The signature itself is the ledger's to check when a fill is mined; the book checks what it commits to.
  const witness = witnessStack(finalWitness);
  const isTaproot = listed.script.length === 34 && listed.script[0] === 0x51;
  if (sighashOf(witness, isTaproot) !== SALE_SIGHASH) return 'its input is not signed SIGHASH_SINGLE|ANYONECANPAY';
  return undefined;
}

interface BookFile {
  readonly format: 1;
  readonly asks: readonly { outpoint: string; seller: string; priceSats: string; psbt: string }[];
}

export class OrderBook {
  /** Resting asks by listed output, in the order they were posted. */
  readonly #asks = new Map<string, Listing>();

  constructor(
    private readonly ledger: BitcoinSandboxLedger,
    private readonly file?: string,
  ) {
    if (file) this.#load(file);
  }

  /** Rests `listing` on the book (replacing an earlier ask of the same output), or throws saying why it cannot. */
  post(listing: Listing): void {
    const why = invalidity(this.ledger, listing);
    if (why) throw new OrderBookError(`listing of ${listing.outpoint}: ${why}`);
    this.#asks.delete(listing.outpoint);
    this.#asks.set(listing.outpoint, listing);
    this.#save();
  }

  /** The valid asks, oldest first; void ones (their output spent or moved) are dropped. */
  asks(): Listing[] {
    const valid = [...this.#asks.values()].filter((listing) => invalidity(this.ledger, listing) === undefined);
    if (valid.length !== this.#asks.size) {
      this.#asks.clear();
      for (const listing of valid) this.#asks.set(listing.outpoint, listing);
      this.#save();
    }
    return valid;
  }

  #save(): void {
    if (!this.file) return;
    const state: BookFile = {
      format: 1,
      asks: [...this.#asks.values()].map((ask) => ({ ...ask, priceSats: ask.priceSats.toString() })),
    };
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(state));
  }

  #load(file: string): void {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // no book yet
    }
    const state = JSON.parse(text) as BookFile;
    if (state.format !== 1) throw new Error(`${file} is not a sandbox order book (format ${String(state.format)})`);
    for (const ask of state.asks) this.#asks.set(ask.outpoint, { ...ask, priceSats: BigInt(ask.priceSats) });
  }
}
