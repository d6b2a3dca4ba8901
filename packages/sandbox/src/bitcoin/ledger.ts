/**
 * The sandbox Bitcoin chain: an in-process ledger of mainnet-format transactions with a UTXO set. It accepts a
 * transaction only if every input spends an unspent output it knows with a valid signature (input-signatures.ts),
 * the outputs do not exceed the inputs, no output is dust and the fee meets the minimum relay rate. Every accepted
 * transaction is mined at once in a block of its own ("mining on submit"), so a send is confirmed when it returns.
 *
 * The faucet credits coins with a coinbase-shaped transaction (null prevout), the only way coins enter. With a
 * file, the ledger keeps every transaction there and replays them on load, so its state survives restarts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { address as addressCodec, crypto, networks, Transaction } from 'bitcoinjs-lib';
import { bitcoinOutputScript, decodeRunestone, dustThreshold } from '@svc/chains';
import { type InscriptionContent, inscriptionWitness } from './inscription-envelope.js';
import { inputSignatureFailure, type SpentOutput } from './input-signatures.js';
import { allocateRunes, type RuneBalances } from './rune-allocation.js';
import { SANDBOX_ALKANES, SANDBOX_COUNTERPARTY_ASSETS, SANDBOX_RUNES } from './sandbox-assets.js';
import { outpoint } from './outpoint.js';

export type BitcoinLedgerErrorCode =
  | 'malformed'
  | 'coinbase'
  | 'duplicate'
  | 'missing_utxo'
  | 'double_spend'
  | 'bad_signature'
  | 'outputs_exceed_inputs'
  | 'dust'
  | 'fee_too_low'
  | 'bad_address'
  | 'unknown_rune'
  | 'unknown_asset'
  | 'unknown_alkane'
  | 'unknown_parent';

/** Why the ledger refused a transaction; `code` is stable, `message` names the input or output. */
export class BitcoinLedgerError extends Error {
  constructor(
    readonly code: BitcoinLedgerErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'BitcoinLedgerError';
  }
}

/** An output of a confirmed transaction. */
export interface LedgerOutput extends SpentOutput {
  readonly txid: string;
  readonly vout: number;
  /** Mainnet address of the script, null for OP_RETURN and other scripts without one. */
  readonly address: string | null;
}

export interface ConfirmedTransaction {
  readonly txid: string;
  readonly hex: string;
  readonly height: number;
  readonly blockHash: string;
  /** Unix seconds. */
  readonly blockTime: number;
  /** Sats paid in fee; 0 for the faucet's coinbase transactions. */
  readonly fee: bigint;
  /** The outputs each input spent, in input order (empty for a coinbase). */
  readonly prevouts: readonly LedgerOutput[];
  readonly outputs: readonly LedgerOutput[];
}

/** Fee estimates in sat/vB by confirmation target in blocks, the shape of Esplora's GET /fee-estimates. */
export type FeeEstimates = Readonly<Record<string, number>>;

/** Bitcoin Core's default minimum relay fee rate (sat/vB). */
export const MIN_RELAY_FEE_RATE = 0.1;
/** Deterministic sandbox fee market (sat/vB by target), what GET /fee-estimates answers. */
const SANDBOX_FEE_ESTIMATES: FeeEstimates = {
  '1': 12,
  '2': 10,
  '3': 8,
  '4': 7,
  '6': 5,
  '10': 4,
  '25': 3,
  '144': 2,
  '504': 1,
  '1008': 1,
};

const FILE_FORMAT = 'svc-bitcoin-sandbox-ledger/1';

/** Runes the faucet grants to output 0 of its transaction. */
export interface RuneGrant {
  /** Rune id "block:tx" (one of SANDBOX_RUNES). */
  readonly rune: string;
  readonly amount: bigint;
}

/** A Counterparty asset the faucet credits to the address of output 0 (Counterparty balances are per address). */
export interface CounterpartyGrant {
  /** One of SANDBOX_COUNTERPARTY_ASSETS. */
  readonly asset: string;
  /** Atomic units (10^-8 of a divisible asset). */
  readonly quantity: bigint;
}

/** An alkane (a protorune balance, protocol 1) the faucet grants to output 0 of its transaction. */
export interface AlkaneGrant {
  /** Alkane id "block:tx" (one of SANDBOX_ALKANES). */
  readonly alkane: string;
  readonly amount: bigint;
}

/**
 * An inscription revealed with the content given: its envelope (content type, body, parent, metadata, metaprotocol)
 * goes into the reveal's witness, where indexers read it. A parent must be an inscription already revealed.
 */
export interface InscriptionGrant {
  readonly inscription: InscriptionContent;
}

/**
 * What the faucet puts on output 0 besides sats: runes, alkanes, a new inscription (`<txid>i0`) on its first sat
 * ('inscription': a text body naming its block; or the content given), or a Counterparty credit for its address.
 */
export type FaucetGrant = RecordedGrant | InscriptionGrant;

/** A grant as the ledger records it: a reveal is 'inscription' whatever its content (the witness holds that). */
export type RecordedGrant = RuneGrant | AlkaneGrant | CounterpartyGrant | 'inscription';

/** When a faucet transaction is mined: now, or at `blockTime` (Unix seconds) for deterministic seeded content. */
export interface CreditOptions {
  readonly blockTime?: number;
}

/** Where an inscription's sat is: an unspent output and the sat's offset in it. */
export interface SatPoint {
  readonly txid: string;
  readonly vout: number;
  readonly offset: bigint;
}

interface LedgerFileEntry {
  readonly hex: string;
  readonly blockTime: number;
  readonly grant?:
    | { readonly rune: string; readonly amount: string }
    | { readonly asset: string; readonly quantity: string }
    | { readonly alkane: string; readonly amount: string }
    | 'inscription';
}

export interface LedgerFile {
  readonly format: string;
  readonly transactions: readonly LedgerFileEntry[];
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function addressOf(script: Uint8Array): string | null {
  try {
    return addressCodec.fromOutputScript(script, networks.bitcoin);
  } catch {
    return null;
  }
}

function parse(hex: string): Transaction {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) throw new BitcoinLedgerError('malformed', 'the transaction is not hex');
  try {
    return Transaction.fromHex(hex);
  } catch (error) {
    throw new BitcoinLedgerError(
      'malformed',
      `the transaction does not decode (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

export interface BitcoinSandboxLedgerOptions {
  /** Where the ledger keeps its transactions; without one it lives in memory only. */
  readonly file?: string | undefined;
}

export class BitcoinSandboxLedger {
  readonly #file: string | undefined;
  readonly #utxos = new Map<string, LedgerOutput>();
  /** Spent outpoint → the txid that spent it, so a second spend is told apart from a missing output. */
  readonly #spentBy = new Map<string, string>();
  readonly #transactions = new Map<string, ConfirmedTransaction>();
  /** Confirmed transactions in block order (one per block). */
  readonly #chain: ConfirmedTransaction[] = [];
  /** Rune balances of unspent outputs that carry runes (the ledger indexes runestones as ord does). */
  readonly #runes = new Map<string, RuneBalances>();
  /** The faucet's grants by txid, kept for the file ('inscription' for any reveal: its content is in the witness). */
  readonly #grants = new Map<string, RecordedGrant>();
  /**
   * Inscription id → the sat it is on. Sats flow first-in first-out through a transaction (ord's rule); an
   * inscription whose sat goes to the fee is gone (the sandbox has no miner to receive it).
   */
  readonly #inscriptions = new Map<string, SatPoint>();
  #faucetCount = 0;
  /** Set while replaying the file: the replay writes nothing back. */
  #loading = false;

  constructor(options: BitcoinSandboxLedgerOptions = {}) {
    this.#file = options.file;
    if (this.#file) this.#load(this.#file);
  }

  get height(): number {
    return this.#chain.length;
  }

  get tipHash(): string {
    return this.#chain.at(-1)?.blockHash ?? '0'.repeat(64);
  }

  feeEstimates(): FeeEstimates {
    return SANDBOX_FEE_ESTIMATES;
  }

  /**
   * Sends `sats` to `address` in a coinbase-shaped faucet transaction, mined at once, with `grant`'s runes or alkanes
   * or a new inscription on that output when given. Returns its txid.
   */
  credit(address: string, sats: bigint, grant?: FaucetGrant, options: CreditOptions = {}): string {
    const parent = grant && grant !== 'inscription' && 'inscription' in grant ? grant.inscription.parent : undefined;
    if (parent !== undefined && !this.#revealed(parent))
      throw new BitcoinLedgerError('unknown_parent', `no inscription ${parent} to be the parent`);
    if (grant && grant !== 'inscription' && 'rune' in grant && !SANDBOX_RUNES.some((rune) => rune.id === grant.rune))
      throw new BitcoinLedgerError('unknown_rune', `no sandbox rune with id ${grant.rune}`);
    if (
      grant &&
      grant !== 'inscription' &&
      'asset' in grant &&
      !SANDBOX_COUNTERPARTY_ASSETS.some((known) => known.asset === grant.asset)
    )
      throw new BitcoinLedgerError('unknown_asset', `no sandbox Counterparty asset ${grant.asset}`);
    if (
      grant &&
      grant !== 'inscription' &&
      'alkane' in grant &&
      !SANDBOX_ALKANES.some((known) => known.id === grant.alkane)
    )
      throw new BitcoinLedgerError('unknown_alkane', `no sandbox alkane with id ${grant.alkane}`);
    const script = bitcoinOutputScript(address);
    if (!script) throw new BitcoinLedgerError('bad_address', `${address} is not a mainnet Bitcoin address`);
    if (sats < dustThreshold(script))
      throw new BitcoinLedgerError(
        'dust',
        `${sats} sats is below the dust limit ${dustThreshold(script)} of ${address}`,
      );
    this.#faucetCount += 1;
    const time = options.blockTime ?? Math.floor(Date.now() / 1000);
    const tx = new Transaction();
    tx.version = 2;
    // The coinbase script carries the height and a counter so every faucet transaction has its own txid.
    tx.addInput(
      new Uint8Array(32),
      0xffffffff,
      0xffffffff,
      Buffer.from(`svc-faucet ${this.height + 1} ${this.#faucetCount} ${options.blockTime ?? Date.now()}`),
    );
    tx.addOutput(script, sats);
    // An inscription is revealed in the input's witness (ord's envelope), where the ordinals indexer reads its content.
    if (grant === 'inscription' || (grant && 'inscription' in grant))
      tx.ins[0]!.witness = inscriptionWitness(
        grant === 'inscription'
          ? {
              contentType: 'text/plain;charset=utf-8',
              body: Buffer.from(`svc sandbox inscription, block ${this.height + 1}`),
            }
          : grant.inscription,
      );
    const recorded = grant && grant !== 'inscription' && 'inscription' in grant ? 'inscription' : grant;
    return this.#confirm(tx, tx.toHex(), [], time, recorded).txid;
  }

  /** Whether inscription `id` was revealed (the faucet reveals `<txid>i0` only), lost to a fee since or not. */
  #revealed(id: string): boolean {
    const [, txid] = /^([0-9a-f]{64})i0$/.exec(id) ?? [];
    return txid !== undefined && this.#grants.get(txid) === 'inscription';
  }

  /** Validates and mines a signed transaction (hex). Throws BitcoinLedgerError and changes nothing when refused. */
  submit(hex: string): ConfirmedTransaction {
    const tx = parse(hex);
    const prevouts = this.#check(tx);
    return this.#confirm(tx, hex.toLowerCase(), prevouts, Math.floor(Date.now() / 1000));
  }

  /** Runs every check `submit` runs, without mining. Returns the outputs the transaction spends. */
  check(hex: string): readonly LedgerOutput[] {
    return this.#check(parse(hex));
  }

  transaction(txid: string): ConfirmedTransaction | undefined {
    return this.#transactions.get(txid.toLowerCase());
  }

  /** Confirmed transactions from `height` + 1 on, in block order (what an indexer reads as it follows the chain). */
  transactionsAfter(height: number): readonly ConfirmedTransaction[] {
    return this.#chain.slice(height);
  }

  /** The faucet's grant in a faucet transaction, if it made one ('inscription' for every reveal). */
  grantOf(txid: string): RecordedGrant | undefined {
    return this.#grants.get(txid);
  }

  /** The unspent outputs paying `address`, oldest first. */
  utxosOf(address: string): LedgerOutput[] {
    return [...this.#utxos.values()].filter((output) => output.address === address);
  }

  utxo(txid: string, vout: number): LedgerOutput | undefined {
    return this.#utxos.get(outpoint(txid, vout));
  }

  /** The transaction that spent an outpoint, if any. */
  spender(txid: string, vout: number): string | undefined {
    return this.#spentBy.get(outpoint(txid, vout));
  }

  /** Confirmed transactions touching `address` (as payer or payee), newest first. */
  historyOf(address: string): ConfirmedTransaction[] {
    return this.#chain
      .filter(
        (tx) => tx.outputs.some((out) => out.address === address) || tx.prevouts.some((out) => out.address === address),
      )
      .reverse();
  }

  /** Rune balances (id → atomic amount) an unspent output carries. */
  runesAt(txid: string, vout: number): ReadonlyMap<string, bigint> {
    return this.#runes.get(outpoint(txid, vout)) ?? new Map();
  }

  /** Rune balances (id → atomic amount) held by `address` across its unspent outputs. */
  runeBalancesOf(address: string): ReadonlyMap<string, bigint> {
    const total = new Map<string, bigint>();
    for (const output of this.utxosOf(address))
      for (const [rune, amount] of this.runesAt(output.txid, output.vout))
        total.set(rune, (total.get(rune) ?? 0n) + amount);
    return total;
  }

  /** Sats held by `address`. */
  balanceOf(address: string): bigint {
    return this.utxosOf(address).reduce((sum, output) => sum + output.value, 0n);
  }

  #check(tx: Transaction): LedgerOutput[] {
    const txid = tx.getId();
    if (tx.isCoinbase())
      throw new BitcoinLedgerError('coinbase', 'coinbase transactions are minted by the sandbox, not submitted');
    if (this.#transactions.has(txid))
      throw new BitcoinLedgerError('duplicate', `transaction ${txid} is already confirmed`);
    if (tx.ins.length === 0 || tx.outs.length === 0)
      throw new BitcoinLedgerError('malformed', 'a transaction needs inputs and outputs');
    const seen = new Set<string>();
    const prevouts = tx.ins.map((input, index) => {
      const spent = outpoint(toHex(Uint8Array.from(input.hash).reverse()), input.index);
      if (seen.has(spent))
        throw new BitcoinLedgerError('double_spend', `input ${index} spends ${spent} twice in one transaction`);
      seen.add(spent);
      const output = this.#utxos.get(spent);
      if (output) return output;
      const spender = this.#spentBy.get(spent);
      if (spender)
        throw new BitcoinLedgerError('double_spend', `input ${index} spends ${spent}, already spent by ${spender}`);
      throw new BitcoinLedgerError('missing_utxo', `input ${index} spends ${spent}, which does not exist`);
    });
    prevouts.forEach((_, index) => {
      const failure = inputSignatureFailure(tx, index, prevouts);
      if (failure) throw new BitcoinLedgerError('bad_signature', `input ${index}: ${failure}`);
    });
    const inValue = prevouts.reduce((sum, out) => sum + out.value, 0n);
    const outValue = tx.outs.reduce((sum, out) => sum + out.value, 0n);
    if (outValue > inValue)
      throw new BitcoinLedgerError(
        'outputs_exceed_inputs',
        `outputs total ${outValue} sats but inputs only ${inValue}`,
      );
    tx.outs.forEach((out, vout) => {
      const dust = dustThreshold(out.script);
      if (out.value < dust)
        throw new BitcoinLedgerError(
          'dust',
          `output ${vout} holds ${out.value} sats, below the dust limit ${dust} of its script`,
        );
    });
    const minimumFee = BigInt(Math.ceil(tx.virtualSize() * MIN_RELAY_FEE_RATE));
    if (inValue - outValue < minimumFee)
      throw new BitcoinLedgerError(
        'fee_too_low',
        `fee ${inValue - outValue} sats is below the minimum relay fee ${minimumFee} (${MIN_RELAY_FEE_RATE} sat/vB)`,
      );
    return prevouts;
  }

  /** Where inscription `id` is now, if it exists. */
  inscription(id: string): SatPoint | undefined {
    return this.#inscriptions.get(id);
  }

  /** Ids of the inscriptions on an unspent output. */
  inscriptionsAt(txid: string, vout: number): string[] {
    return [...this.#inscriptions].filter(([, at]) => at.txid === txid && at.vout === vout).map(([id]) => id);
  }

  /** Moves the inscriptions on `prevouts` along the sats of `outputs` (first in, first out). */
  #moveInscriptions(txid: string, prevouts: readonly LedgerOutput[], outputs: readonly LedgerOutput[]): void {
    let inputStart = 0n;
    for (const spent of prevouts) {
      for (const id of this.inscriptionsAt(spent.txid, spent.vout)) {
        const sat = inputStart + this.#inscriptions.get(id)!.offset;
        let outputStart = 0n;
        const landing = outputs.find((out) => {
          const hit = sat < outputStart + out.value;
          if (!hit) outputStart += out.value;
          return hit;
        });
        if (landing && landing.script[0] !== 0x6a)
          this.#inscriptions.set(id, { txid, vout: landing.vout, offset: sat - outputStart });
        else this.#inscriptions.delete(id);
      }
      inputStart += spent.value;
    }
  }

  #confirm(
    tx: Transaction,
    hex: string,
    prevouts: readonly LedgerOutput[],
    blockTime: number,
    grant?: RecordedGrant,
  ): ConfirmedTransaction {
    const txid = tx.getId();
    const height = this.height + 1;
    // The sandbox has no proof of work: a block hash is the hash of the previous one and the transaction it holds.
    const blockHash = toHex(crypto.hash256(Buffer.from(`${this.tipHash}${txid}${height}`)).reverse());
    const outputs = tx.outs.map((out, vout) => ({
      txid,
      vout,
      value: out.value,
      script: out.script,
      address: addressOf(out.script),
    }));
    const fee = prevouts.reduce((sum, out) => sum + out.value, 0n) - outputs.reduce((sum, out) => sum + out.value, 0n);
    const confirmed: ConfirmedTransaction = {
      txid,
      hex,
      height,
      blockHash,
      blockTime,
      fee: prevouts.length === 0 ? 0n : fee,
      prevouts,
      outputs,
    };
    const runes = grant
      ? [new Map(grant !== 'inscription' && 'rune' in grant ? [[grant.rune, grant.amount]] : [])]
      : allocateRunes(
          prevouts.map((spent) => this.#runes.get(outpoint(spent.txid, spent.vout)) ?? new Map()),
          outputs.map((out) => out.script),
          decodeRunestone(outputs.map((out) => out.script)),
        );
    if (grant) this.#grants.set(txid, grant);
    if (grant === 'inscription') this.#inscriptions.set(`${txid}i0`, { txid, vout: 0, offset: 0n });
    this.#moveInscriptions(txid, prevouts, outputs);
    for (const spent of prevouts) {
      this.#runes.delete(outpoint(spent.txid, spent.vout));
      this.#utxos.delete(outpoint(spent.txid, spent.vout));
      this.#spentBy.set(outpoint(spent.txid, spent.vout), txid);
    }
    for (const out of outputs) if (out.script[0] !== 0x6a) this.#utxos.set(outpoint(txid, out.vout), out);
    runes.forEach((balances, vout) => balances.size > 0 && this.#runes.set(outpoint(txid, vout), balances));
    this.#transactions.set(txid, confirmed);
    this.#chain.push(confirmed);
    this.#save();
    return confirmed;
  }

  #save(): void {
    if (!this.#file || this.#loading) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    writeFileSync(this.#file, JSON.stringify(this.snapshot()));
  }

  /** Every transaction so far (the ledger's whole state, as its file holds it), for {@link restore}. */
  snapshot(): LedgerFile {
    return {
      format: FILE_FORMAT,
      transactions: this.#chain.map(({ txid, hex, blockTime }) => {
        const grant = this.#grants.get(txid);
        if (!grant) return { hex, blockTime };
        if (grant === 'inscription') return { hex, blockTime, grant };
        return {
          hex,
          blockTime,
          grant:
            'rune' in grant
              ? { rune: grant.rune, amount: grant.amount.toString() }
              : 'alkane' in grant
                ? { alkane: grant.alkane, amount: grant.amount.toString() }
                : { asset: grant.asset, quantity: grant.quantity.toString() },
        };
      }),
    };
  }

  /** Puts the ledger back as it was at `state` (a {@link snapshot}; sandbox reset) by replaying its transactions. */
  restore(state: LedgerFile): void {
    for (const index of [this.#utxos, this.#spentBy, this.#transactions, this.#runes, this.#grants, this.#inscriptions])
      index.clear();
    this.#chain.length = 0;
    this.#faucetCount = 0;
    this.#replay(state);
    this.#save();
  }

  #load(file: string): void {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return;
    }
    const state = JSON.parse(text) as LedgerFile;
    if (state.format !== FILE_FORMAT)
      throw new Error(`${file} is not a sandbox Bitcoin ledger (format ${String(state.format)})`);
    this.#replay(state);
  }

  /** Confirms `state`'s transactions again, in order, writing nothing meanwhile. */
  #replay(state: LedgerFile): void {
    this.#loading = true;
    try {
      for (const { hex, blockTime, grant } of state.transactions) {
        const tx = parse(hex);
        if (tx.isCoinbase()) this.#faucetCount += 1;
        const restored =
          grant === undefined || grant === 'inscription'
            ? grant
            : 'rune' in grant
              ? { rune: grant.rune, amount: BigInt(grant.amount) }
              : 'alkane' in grant
                ? { alkane: grant.alkane, amount: BigInt(grant.amount) }
                : { asset: grant.asset, quantity: BigInt(grant.quantity) };
        this.#confirm(tx, hex, tx.isCoinbase() ? [] : this.#check(tx), blockTime, restored);
      }
    } finally {
      this.#loading = false;
    }
  }
}
