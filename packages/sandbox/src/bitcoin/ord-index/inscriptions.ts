import { Transaction } from 'bitcoinjs-lib';
import type { JsonValue } from '../cbor.js';
import { revealedInscription } from '../inscription-envelope.js';
import type { ConfirmedTransaction, LedgerOutput } from '../ledger.js';
import { outpoint } from '../outpoint.js';

/** Where an indexed transaction sits: the block facts every record repeats. */
export interface BlockRef {
  readonly txid: string;
  readonly height: number;
  /** Unix seconds. */
  readonly time: number;
}

/** One move of an inscription: its reveal (from null), a transfer, or its loss to the fee (to null). */
export interface InscriptionTransfer extends BlockRef {
  readonly inscriptionId: string;
  readonly from: string | null;
  readonly to: string | null;
  /** The inscribed sat went to the fee (the sandbox has no miner: the inscription is lost). */
  readonly spentAsFee: boolean;
}

export interface IndexedInscription {
  readonly id: string;
  /** 0 for the first inscription revealed on the sandbox chain, then 1, 2, … in reveal order. */
  readonly number: number;
  /** From the envelope in the reveal's witness; null when it names none (or it carries no envelope). */
  readonly contentType: string | null;
  readonly contentLength: number;
  /** The parent inscription's id from the envelope (tag 3): this inscription is its child. */
  readonly parent: string | null;
  /** The envelope's metadata (tag 5, CBOR) decoded; null when it has none. */
  readonly metadata: JsonValue | null;
  /** The envelope's metaprotocol (tag 7); null when it names none. */
  readonly metaprotocol: string | null;
  /** The inscribed sat's ordinal number. */
  readonly sat: bigint;
  readonly genesis: BlockRef & { readonly address: string | null; readonly output: string };
  /** The unspent output holding the sat and its offset there; null once the sat went to the fee or an OP_RETURN. */
  readonly location: { readonly output: string; readonly address: string | null; readonly offset: bigint } | null;
  /** Its reveal then every transfer, oldest first. */
  readonly transfers: readonly InscriptionTransfer[];
}

interface Entry {
  id: string;
  number: number;
  contentType: string | null;
  contentLength: number;
  parent: string | null;
  metadata: JsonValue | null;
  metaprotocol: string | null;
  sat: bigint;
  genesis: IndexedInscription['genesis'];
  location: { txid: string; vout: number; offset: bigint; address: string | null } | null;
  transfers: InscriptionTransfer[];
}

/** What one transaction did to inscriptions: the moves it made, and the inscription it revealed with its body. */
export interface AppliedInscriptions {
  readonly moves: readonly InscriptionTransfer[];
  readonly revealed?: { readonly inscription: IndexedInscription; readonly body: Uint8Array };
}

/**
 * Inscriptions of the sandbox chain: revealed by the faucet (`<txid>i0` on the first sat of its output 0, the same
 * grant the ledger records), moved with their sat first in, first out, as the ledger moves them.
 */
export class InscriptionIndex {
  readonly #byId = new Map<string, Entry>();
  readonly #ordered: Entry[] = [];
  /** Unspent outpoint → the inscriptions on it. */
  readonly #at = new Map<string, Entry[]>();

  /**
   * Applies one confirmed transaction; `firstSat` is the first sat its output 0 holds (for a reveal). Returns the
   * moves it made and the inscription it revealed with its body, for the indexes built on inscriptions (BRC-20).
   */
  apply(tx: ConfirmedTransaction, reveals: boolean, firstSat: bigint | undefined): AppliedInscriptions {
    const block = { txid: tx.txid, height: tx.height, time: tx.blockTime };
    const moves = this.#move(tx, block);
    if (!reveals || firstSat === undefined) return { moves };
    const content = revealedInscription(Transaction.fromHex(tx.hex).ins[0]?.witness ?? []);
    const out = tx.outputs[0]!;
    const entry: Entry = {
      id: `${tx.txid}i0`,
      number: this.#ordered.length,
      contentType: content?.contentType ?? null,
      contentLength: content?.body.length ?? 0,
      parent: content?.parent ?? null,
      metadata: content?.metadata ?? null,
      metaprotocol: content?.metaprotocol ?? null,
      sat: firstSat,
      genesis: { ...block, address: out.address, output: outpoint(tx.txid, 0) },
      location: { txid: tx.txid, vout: 0, offset: 0n, address: out.address },
      transfers: [{ ...block, inscriptionId: `${tx.txid}i0`, from: null, to: out.address, spentAsFee: false }],
    };
    this.#byId.set(entry.id, entry);
    this.#ordered.push(entry);
    this.#place(entry);
    return { moves, revealed: { inscription: view(entry), body: content?.body ?? new Uint8Array() } };
  }

  #place(entry: Entry): void {
    const key = outpoint(entry.location!.txid, entry.location!.vout);
    this.#at.set(key, [...(this.#at.get(key) ?? []), entry]);
  }

  /** Moves the inscriptions on the spent outputs along the sats (first in, first out), as the ledger does. */
  #move(tx: ConfirmedTransaction, block: BlockRef): InscriptionTransfer[] {
    const moves: InscriptionTransfer[] = [];
    let inputStart = 0n;
    for (const spent of tx.prevouts) {
      const key = outpoint(spent.txid, spent.vout);
      for (const entry of this.#at.get(key) ?? []) {
        const sat = inputStart + entry.location!.offset;
        const landing = landingOf(tx.outputs, sat);
        const live = landing && landing.output.script[0] !== 0x6a;
        entry.location = live
          ? { txid: tx.txid, vout: landing.output.vout, offset: landing.offset, address: landing.output.address }
          : null;
        const move = {
          ...block,
          inscriptionId: entry.id,
          from: spent.address,
          to: live ? landing.output.address : null,
          spentAsFee: !landing,
        };
        entry.transfers.push(move);
        moves.push(move);
        if (live) this.#place(entry);
      }
      this.#at.delete(key);
      inputStart += spent.value;
    }
    return moves;
  }

  get(id: string): IndexedInscription | undefined {
    const entry = this.#byId.get(id);
    return entry && view(entry);
  }

  /** Every inscription in number order. */
  all(): IndexedInscription[] {
    return this.#ordered.map(view);
  }

  /** Ids of the inscriptions on an unspent output. */
  idsAt(txid: string, vout: number): string[] {
    return (this.#at.get(outpoint(txid, vout)) ?? []).map((entry) => entry.id);
  }
}

/** The output a sat at `sat` (counted from the first input's first sat) lands in, and its offset there. */
function landingOf(outputs: readonly LedgerOutput[], sat: bigint) {
  let start = 0n;
  for (const output of outputs) {
    if (sat < start + output.value) return { output, offset: sat - start };
    start += output.value;
  }
  return undefined;
}

function view(entry: Entry): IndexedInscription {
  const { location } = entry;
  return {
    id: entry.id,
    number: entry.number,
    contentType: entry.contentType,
    contentLength: entry.contentLength,
    parent: entry.parent,
    metadata: entry.metadata,
    metaprotocol: entry.metaprotocol,
    sat: entry.sat,
    genesis: entry.genesis,
    location: location && {
      output: outpoint(location.txid, location.vout),
      address: location.address,
      offset: location.offset,
    },
    transfers: [...entry.transfers],
  };
}
