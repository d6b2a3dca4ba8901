import type { BitcoinSandboxLedger, ConfirmedTransaction } from '../ledger.js';
import { AlkaneIndex, type AlkaneOutput, type IndexedAlkane } from './alkanes.js';
import { type Brc20BalanceView, type Brc20Event, Brc20Index, type Brc20TokenView } from './brc20.js';
import { collectionsOf, type IndexedCollection, type InscriptionTrait, traitsOf } from './collections.js';
import { type IndexedInscription, InscriptionIndex, type InscriptionTransfer } from './inscriptions.js';
import { RESERVED_RUNE, runeValue, unlockHeight } from './rune-names.js';
import { type IndexedRune, RuneIndex, type RunicTransaction } from './runes.js';
import { type InscriptionSale, listedInputs, type RuneSale, SalesIndex } from './sales.js';
import { type Mint, type RareSat, rareSatsIn, type SatRange } from './sat-numbering.js';
import { transferSats } from './sat-ranges.js';
import { outpoint } from '../outpoint.js';

/** An unspent output as the ordinals index sees it. */
export interface IndexedOutput {
  readonly txid: string;
  readonly vout: number;
  readonly address: string | null;
  readonly value: bigint;
  readonly satRanges: readonly SatRange[];
  /** Rune id → atomic units. */
  readonly runes: ReadonlyMap<string, bigint>;
  readonly inscriptions: readonly string[];
}

/** Whether a rune name may be etched, ord's rules at the sandbox scale (rune-names.ts). */
export interface RuneNameStatus {
  /** The name without spacers, upper case. */
  readonly name: string;
  readonly status: 'ETCHED' | 'AVAILABLE' | 'LOCKED' | 'RESERVED';
  readonly unlockHeight: number;
  /** Unix seconds: the block's time once mined, else the tip's time plus ten minutes a block (an estimate). */
  readonly unlockTime: number;
}

/** Mainnet's target block interval, which dates heights the sandbox has not mined yet. */
const BLOCK_SECONDS = 600;

const isOpReturn = (script: Uint8Array) => script[0] === 0x6a;

/**
 * The sandbox chain's ordinals index (what ord and Ordiscan index on mainnet): sat ranges and rare sats, inscriptions
 * and runes, derived from the ledger's blocks. Every read first follows the ledger to its tip; when the ledger's
 * history no longer matches what was indexed (a sandbox reset restored an earlier chain), it re-indexes from block 1.
 */
export class OrdIndex {
  readonly #ledger: BitcoinSandboxLedger;
  #height = 0;
  #tipHash = '';
  #mints: Mint[] = [];
  #minted = 0n;
  #ranges = new Map<string, SatRange[]>();
  #inscriptions = new InscriptionIndex();
  #runes = new RuneIndex();
  #alkanes = new AlkaneIndex();
  #sales = new SalesIndex();
  #brc20 = new Brc20Index();

  constructor(ledger: BitcoinSandboxLedger) {
    this.#ledger = ledger;
  }

  /** Blocks indexed (the ledger's height after a read). */
  get height(): number {
    this.#sync();
    return this.#height;
  }

  #sync(): void {
    const indexedTip = this.#height > 0 ? this.#ledger.transactionsAfter(this.#height - 1)[0] : undefined;
    if (this.#height > 0 && indexedTip?.blockHash !== this.#tipHash) this.#reset();
    for (const tx of this.#ledger.transactionsAfter(this.#height)) this.#apply(tx);
  }

  #reset(): void {
    this.#height = 0;
    this.#tipHash = '';
    this.#mints = [];
    this.#minted = 0n;
    this.#ranges = new Map();
    this.#inscriptions = new InscriptionIndex();
    this.#runes = new RuneIndex();
    this.#alkanes = new AlkaneIndex();
    this.#sales = new SalesIndex();
    this.#brc20 = new Brc20Index();
  }

  #apply(tx: ConfirmedTransaction): void {
    const values = tx.outputs.map((out) => out.value);
    let inputs: SatRange[][];
    if (tx.prevouts.length === 0) {
      const subsidy = values.reduce((sum, value) => sum + value, 0n);
      this.#mints.push({ height: tx.height, start: this.#minted, end: this.#minted + subsidy });
      inputs = [[[this.#minted, this.#minted + subsidy]]];
      this.#minted += subsidy;
    } else inputs = tx.prevouts.map((spent) => this.#ranges.get(outpoint(spent.txid, spent.vout)) ?? []);
    // What no output takes is the fee: those sats are lost (no coinbase claims them).
    const { outputs } = transferSats(inputs, values);
    for (const spent of tx.prevouts) this.#ranges.delete(outpoint(spent.txid, spent.vout));
    tx.outputs.forEach(
      (out, vout) => !isOpReturn(out.script) && this.#ranges.set(outpoint(tx.txid, vout), outputs[vout]!),
    );

    // What the listed inputs carry is read before the transaction moves it, where it landed after (sales.ts).
    const listed = listedInputs(tx).map((input) => {
      const spent = tx.prevouts[input]!;
      return {
        input,
        inscriptions: this.#inscriptions.idsAt(spent.txid, spent.vout),
        runes: this.#runes.at(spent.txid, spent.vout),
      };
    });
    const grant = this.#ledger.grantOf(tx.txid);
    const applied = this.#inscriptions.apply(tx, grant === 'inscription', outputs[0]?.[0]?.[0]);
    this.#brc20.apply(applied.moves, applied.revealed);
    this.#runes.apply(tx, grant !== undefined && grant !== 'inscription' && 'rune' in grant ? grant : undefined);
    this.#alkanes.apply(tx, grant !== undefined && grant !== 'inscription' && 'alkane' in grant ? grant : undefined);
    if (listed.length > 0)
      this.#sales.apply(tx, listed, {
        inscriptionOwner: (id) => this.#inscriptions.get(id)?.location?.address ?? null,
        runeReceiver: (rune) => tx.outputs.find((out) => this.#runes.at(tx.txid, out.vout).has(rune))?.address ?? null,
      });
    this.#height = tx.height;
    this.#tipHash = tx.blockHash;
  }

  /** An unspent output with its sats, runes and inscriptions; undefined when spent or unknown. */
  output(txid: string, vout: number): IndexedOutput | undefined {
    this.#sync();
    const utxo = this.#ledger.utxo(txid, vout);
    if (!utxo) return undefined;
    return {
      txid,
      vout,
      address: utxo.address,
      value: utxo.value,
      satRanges: this.#ranges.get(outpoint(txid, vout)) ?? [],
      runes: this.#runes.at(txid, vout),
      inscriptions: this.#inscriptions.idsAt(txid, vout),
    };
  }

  /** The unspent outputs of `address`, oldest first. */
  outputsOf(address: string): IndexedOutput[] {
    this.#sync();
    return this.#ledger.utxosOf(address).map((utxo) => this.output(utxo.txid, utxo.vout)!);
  }

  /** The rare sats inside sat ranges (sat-numbering.ts). */
  rareSats(ranges: readonly SatRange[]): RareSat[] {
    this.#sync();
    return rareSatsIn(this.#mints, ranges);
  }

  inscription(id: string): IndexedInscription | undefined {
    this.#sync();
    return this.#inscriptions.get(id);
  }

  /** Every inscription, in number (reveal) order. */
  inscriptions(): IndexedInscription[] {
    this.#sync();
    return this.#inscriptions.all();
  }

  /** Inscription reveals and transfers into or out of `address`, newest first. */
  inscriptionActivityOf(address: string): InscriptionTransfer[] {
    return this.inscriptions()
      .flatMap((inscription) => inscription.transfers)
      .filter((transfer) => transfer.from === address || transfer.to === address)
      .sort((a, b) => b.height - a.height);
  }

  /** Every sandbox rune in etching order. */
  runes(): IndexedRune[] {
    this.#sync();
    return this.#runes.runes();
  }

  /** Runic transactions touching `address`, newest first. */
  runeActivityOf(address: string): RunicTransaction[] {
    this.#sync();
    return this.#runes.transactionsOf(address);
  }

  /** Every sandbox alkane with its supply and holders (alkanes.ts). */
  alkanes(): IndexedAlkane[] {
    this.#sync();
    return this.#alkanes.alkanes();
  }

  /** The unspent outputs of `address` carrying alkanes, oldest first. */
  alkaneOutputsOf(address: string): AlkaneOutput[] {
    this.#sync();
    return this.#alkanes.outputsOf(address);
  }

  /** Marketplace sales of inscriptions (sales.ts), oldest first. */
  inscriptionSales(): InscriptionSale[] {
    this.#sync();
    return this.#sales.inscriptionSales();
  }

  /** Marketplace sales of runes (sales.ts), oldest first. */
  runeSales(): RuneSale[] {
    this.#sync();
    return this.#sales.runeSales();
  }

  /** Whether `name` (letters A-Z, upper case, no spacers) may be etched now; undefined for a name beyond u128. */
  runeName(name: string): RuneNameStatus | undefined {
    const value = runeValue(name);
    if (value === undefined) return undefined;
    this.#sync();
    const unlock = unlockHeight(value);
    const nextBlock = this.#height + 1;
    const status = this.#runes.runes().some((rune) => rune.name === name)
      ? 'ETCHED'
      : value >= RESERVED_RUNE
        ? 'RESERVED'
        : unlock <= nextBlock
          ? 'AVAILABLE'
          : 'LOCKED';
    const mined = unlock <= this.#height ? this.#ledger.transactionsAfter(unlock - 1)[0] : undefined;
    const tipTime = this.#ledger.transactionsAfter(this.#height - 1)[0]?.blockTime ?? Math.floor(Date.now() / 1000);
    return {
      name,
      status,
      unlockHeight: unlock,
      unlockTime: mined?.blockTime ?? tipTime + (unlock - this.#height) * BLOCK_SECONDS,
    };
  }

  /** Collections (parents with children, named in their metadata: collections.ts), oldest first. */
  collections(): IndexedCollection[] {
    return collectionsOf(this.inscriptions());
  }

  /** The traits of an inscription in a collection, with their rarity there; empty for one in none. */
  traits(id: string): InscriptionTrait[] | undefined {
    const inscription = this.inscription(id);
    if (!inscription) return undefined;
    const collection = this.collections().find((known) => known.parent === inscription.parent);
    if (!collection) return [];
    const members = collection.items.map((item) => this.#inscriptions.get(item)!);
    return traitsOf(inscription, members);
  }

  /** BRC-20 tokens in deploy order (brc20.ts). */
  brc20Tokens(): Brc20TokenView[] {
    this.#sync();
    return this.#brc20.tokens();
  }

  /** A BRC-20 token by ticker, any case. */
  brc20Token(tick: string): Brc20TokenView | undefined {
    this.#sync();
    return this.#brc20.token(tick);
  }

  /** The BRC-20 balances of an address. */
  brc20BalancesOf(address: string): Brc20BalanceView[] {
    this.#sync();
    return this.#brc20.balancesOf(address);
  }

  /** BRC-20 deploys, mints and transfers of an address, newest first. */
  brc20ActivityOf(address: string): Brc20Event[] {
    this.#sync();
    return this.#brc20.activityOf(address);
  }

  /** The BRC-20 operation a valid BRC-20 inscription made. */
  brc20ActionOf(id: string): { readonly type: 'DEPLOY' | 'MINT' | 'TRANSFER'; readonly tick: string } | undefined {
    this.#sync();
    return this.#brc20.actionOf(id);
  }
}
