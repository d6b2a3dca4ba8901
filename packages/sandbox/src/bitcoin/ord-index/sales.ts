/**
 * Marketplace sales of inscriptions and runes, recognised from chain state alone, as ordinals indexers recognise
 * them on mainnet: an input carrying the asset signed SIGHASH_SINGLE|ANYONECANPAY (the seller's listing signature,
 * which commits to that input and to the output at the same index, and to nothing else) is a sale; the price is the
 * value of that same-index output, the seller's payment. The buyer is where the asset went in that transaction.
 * One sale per listed output holding exactly one inscription, or exactly one rune (a listing sells the whole output:
 * a price split across several assets would be invented). The ledger checked every signature before mining, so the
 * sighash byte read here is the one the seller signed.
 */
import { Transaction } from 'bitcoinjs-lib';
import type { ConfirmedTransaction } from '../ledger.js';
import { SALE_SIGHASH } from '../marketplace/listing.js';
import type { BlockRef } from './inscriptions.js';

export interface InscriptionSale extends BlockRef {
  readonly inscriptionId: string;
  readonly priceSats: bigint;
  /** Who held the inscription (the listed output's address). */
  readonly seller: string | null;
  /** Where the inscription went. */
  readonly buyer: string | null;
}

export interface RuneSale extends BlockRef {
  /** Rune id "block:tx". */
  readonly rune: string;
  /** Atomic units sold (the whole listed output's balance). */
  readonly amount: bigint;
  readonly priceSats: bigint;
  readonly seller: string | null;
  /** The address of the first output the rune went to. */
  readonly buyer: string | null;
}

/** What a listed output carried before the sale moved it. */
export interface ListedAsset {
  readonly input: number;
  readonly inscriptions: readonly string[];
  /** Rune id → atomic units. */
  readonly runes: ReadonlyMap<string, bigint>;
}

/** Where the sale's transaction put an asset (read after it was applied). */
export interface SaleLanding {
  readonly inscriptionOwner: (inscriptionId: string) => string | null;
  readonly runeReceiver: (rune: string) => string | null;
}

const isP2tr = (script: Uint8Array) => script.length === 34 && script[0] === 0x51 && script[1] === 0x20;

/** A taproot key-path spend: the signature alone, or with an annex (a last item starting 0x50); else a script path. */
const isKeyPath = (witness: readonly Uint8Array[]) =>
  witness.length === 1 || (witness.length === 2 && witness[1]![0] === 0x50);

/**
 * The sighash type input `index` was signed with (P2WPKH: the DER signature's last byte; P2TR key path: byte 65); a
 * taproot script-path spend (whose first item need not be a signature at all) is no listing.
 */
function sighashOf(tx: Transaction, index: number, script: Uint8Array): number | undefined {
  const { witness } = tx.ins[index]!;
  const signature = witness[0];
  if (!signature) return undefined;
  if (isP2tr(script)) {
    if (!isKeyPath(witness)) return undefined;
    return signature.length === 65 ? signature[64]! : Transaction.SIGHASH_DEFAULT;
  }
  return signature[signature.length - 1]!;
}

/** The inputs of `tx` that fill a listing: signed SINGLE|ANYONECANPAY, with an output at the same index. */
export function listedInputs(tx: ConfirmedTransaction): number[] {
  if (tx.prevouts.length === 0) return [];
  const decoded = Transaction.fromHex(tx.hex);
  return tx.prevouts.flatMap((spent, index) =>
    index < tx.outputs.length && sighashOf(decoded, index, spent.script) === SALE_SIGHASH ? [index] : [],
  );
}

/** Every sale on the chain, oldest first. */
export class SalesIndex {
  readonly #inscriptions: InscriptionSale[] = [];
  readonly #runes: RuneSale[] = [];

  /** Records the sales of `tx` (its listed inputs with what they carried), once `tx` has moved the assets. */
  apply(tx: ConfirmedTransaction, listed: readonly ListedAsset[], landing: SaleLanding): void {
    const block = { txid: tx.txid, height: tx.height, time: tx.blockTime };
    for (const { input, inscriptions, runes } of listed) {
      const seller = tx.prevouts[input]!.address;
      const priceSats = tx.outputs[input]!.value;
      if (inscriptions.length === 1 && runes.size === 0) {
        const inscriptionId = inscriptions[0]!;
        this.#inscriptions.push({
          ...block,
          inscriptionId,
          priceSats,
          seller,
          buyer: landing.inscriptionOwner(inscriptionId),
        });
      } else if (inscriptions.length === 0 && runes.size === 1) {
        const [[rune, amount]] = [...runes] as [[string, bigint]];
        this.#runes.push({ ...block, rune, amount, priceSats, seller, buyer: landing.runeReceiver(rune) });
      }
    }
  }

  inscriptionSales(): InscriptionSale[] {
    return [...this.#inscriptions];
  }

  runeSales(): RuneSale[] {
    return [...this.#runes];
  }
}
