/**
 * The sandbox's Counterparty layer: asset balances per address, derived (as counterparty-core derives them) from
 * the confirmed transactions of the sandbox Bitcoin ledger, read in block order on every query. The faucet's
 * Counterparty grants credit the address they pay; a transaction whose OP_RETURN carries an enhanced send moves
 * the asset from its source (the address of the output its first input spends) to the destination when the
 * source holds enough, and is recorded as invalid, moving nothing, when it does not. An issuance creates its asset
 * (first valid issuance: the source becomes its issuer) or adds to it (a reissuance by the issuer of an unlocked asset
 * with the same divisibility), crediting the issuer; an invalid one is recorded with counterparty-core's reason.
 *
 * Nothing is kept apart from the Bitcoin ledger, so the balances survive restarts with its file.
 */
import { type CounterpartyIssuance, type CounterpartySend, decodeCounterpartyMessage } from '@svc/chains';
import type { BitcoinSandboxLedger, ConfirmedTransaction } from './ledger.js';
import { SANDBOX_COUNTERPARTY_ASSETS, type SandboxCounterpartyAsset } from './sandbox-assets.js';

/** A numeric asset (A<n>) is free to issue; a named one (B-Z, 4 to 12 letters: names never start with A) costs XCP. */
const isNumericAsset = (asset: string) => /^A\d+$/.test(asset);

/** A send as counterparty-core's `sends` table records it; status "valid" or "invalid: <reason>". */
export interface CounterpartySendRecord {
  readonly txid: string;
  readonly blockIndex: number;
  readonly source: string;
  readonly destination: string;
  readonly asset: string;
  readonly quantity: bigint;
  readonly status: string;
}

/** An issuance as counterparty-core's `issuances` table records it; status "valid" or "invalid: <reason>". */
export interface CounterpartyIssuanceRecord extends CounterpartyIssuance {
  readonly txid: string;
  readonly blockIndex: number;
  /** Unix seconds. */
  readonly blockTime: number;
  readonly source: string;
  /** The address of output 0 when it pays one, else the source (where a stamp protocol sends what it credits). */
  readonly destination: string;
  /** Whether this issuance created the asset. */
  readonly first: boolean;
  readonly status: string;
}

/** An asset created on the sandbox chain by an issuance. */
export interface IssuedCounterpartyAsset extends SandboxCounterpartyAsset {
  readonly issuer: string;
  readonly locked: boolean;
}

/** counterparty-core's fee for the first issuance of a named (not numeric) asset: 0.5 XCP. */
export const NAMED_ASSET_FEE = 50_000_000n;
/** counterparty-core's MAX_INT: no asset's supply may exceed it. */
const MAX_SUPPLY = (1n << 63n) - 1n;

export class CounterpartySandboxLedger {
  readonly #bitcoin: BitcoinSandboxLedger;
  /** address → asset → atomic quantity */
  readonly #balances = new Map<string, Map<string, bigint>>();
  readonly #sends = new Map<string, CounterpartySendRecord>();
  readonly #issuances: CounterpartyIssuanceRecord[] = [];
  readonly #issued = new Map<string, IssuedCounterpartyAsset>();
  /** Height of the last Bitcoin block parsed. */
  #parsed = 0;

  constructor(bitcoin: BitcoinSandboxLedger) {
    this.#bitcoin = bitcoin;
  }

  /** Forgets what it parsed, to read the Bitcoin ledger again from its first block (after a sandbox reset). */
  reparse(): void {
    this.#balances.clear();
    this.#sends.clear();
    this.#issuances.length = 0;
    this.#issued.clear();
    this.#parsed = 0;
  }

  /** A faucet asset, or one issued on the sandbox chain. */
  asset(name: string): SandboxCounterpartyAsset | undefined {
    this.#follow();
    return this.#assetNamed(name);
  }

  #assetNamed(name: string): SandboxCounterpartyAsset | undefined {
    return SANDBOX_COUNTERPARTY_ASSETS.find((known) => known.asset === name) ?? this.#issued.get(name);
  }

  /** An asset issued on the sandbox chain (not a faucet asset). */
  issuedAsset(name: string): IssuedCounterpartyAsset | undefined {
    this.#follow();
    return this.#issued.get(name);
  }

  /** Every issuance, valid or not, in block order. */
  issuances(): readonly CounterpartyIssuanceRecord[] {
    this.#follow();
    return [...this.#issuances];
  }

  /** Address → atomic quantity of `asset`, for every address holding some. */
  holdersOf(asset: string): ReadonlyMap<string, bigint> {
    this.#follow();
    return new Map(
      [...this.#balances].flatMap(([address, held]) =>
        (held.get(asset) ?? 0n) > 0n ? [[address, held.get(asset)!]] : [],
      ),
    );
  }

  /** Asset → atomic quantity held by `address` (assets it holds none of are absent). */
  balancesOf(address: string): ReadonlyMap<string, bigint> {
    this.#follow();
    return new Map([...(this.#balances.get(address) ?? [])].filter(([, quantity]) => quantity > 0n));
  }

  balanceOf(address: string, asset: string): bigint {
    return this.balancesOf(address).get(asset) ?? 0n;
  }

  /** The send a transaction carried, valid or not; undefined if it carried none. */
  send(txid: string): CounterpartySendRecord | undefined {
    this.#follow();
    return this.#sends.get(txid);
  }

  /** Total atomic quantity of `asset` held by all addresses. */
  supply(asset: string): bigint {
    this.#follow();
    return this.#supplyOf(asset);
  }

  #supplyOf(asset: string): bigint {
    return [...this.#balances.values()].reduce((sum, held) => sum + (held.get(asset) ?? 0n), 0n);
  }

  #move(address: string, asset: string, delta: bigint): void {
    const held = this.#balances.get(address) ?? new Map<string, bigint>();
    held.set(asset, (held.get(asset) ?? 0n) + delta);
    this.#balances.set(address, held);
  }

  #follow(): void {
    for (const tx of this.#bitcoin.transactionsAfter(this.#parsed)) {
      this.#parse(tx);
      this.#parsed = tx.height;
    }
  }

  #parse(tx: ConfirmedTransaction): void {
    const grant = this.#bitcoin.grantOf(tx.txid);
    if (grant && grant !== 'inscription' && 'asset' in grant) {
      this.#move(tx.outputs[0]!.address!, grant.asset, grant.quantity);
      return;
    }
    const source = tx.prevouts[0]?.address;
    if (!source) return;
    const message = decodeCounterpartyMessage(
      tx.outputs.map((out) => out.script),
      tx.prevouts[0]!.txid,
    );
    if (message.kind === 'send') this.#parseSend(tx, source, message.send);
    if (message.kind === 'issuance') this.#parseIssuance(tx, source, message.issuance);
  }

  #parseSend(tx: ConfirmedTransaction, source: string, send: CounterpartySend): void {
    const { asset, quantity, destination } = send;
    const problem = !this.#assetNamed(asset)
      ? 'no such asset'
      : quantity <= 0n
        ? 'quantity must be positive'
        : (this.#balances.get(source)?.get(asset) ?? 0n) < quantity
          ? 'insufficient funds'
          : undefined;
    this.#sends.set(tx.txid, {
      txid: tx.txid,
      blockIndex: tx.height,
      source,
      destination,
      asset,
      quantity,
      status: problem ? `invalid: ${problem}` : 'valid',
    });
    if (problem) return;
    this.#move(source, asset, -quantity);
    this.#move(destination, asset, quantity);
  }

  /** counterparty-core's issuance checks, in its order; the first problem makes the issuance invalid. */
  #issuanceProblem(source: string, issuance: CounterpartyIssuance): string | undefined {
    const { asset, quantity, divisible } = issuance;
    if (asset === 'BTC' || asset === 'XCP' || SANDBOX_COUNTERPARTY_ASSETS.some((known) => known.asset === asset))
      return `cannot issue ${asset}`;
    // counterparty-core's reset (supply zeroed and reissued) is not modelled: refused rather than applied as a reissue.
    if (issuance.reset) return 'reset issuances are not supported by the sandbox';
    const existing = this.#issued.get(asset);
    if (existing) {
      if (existing.issuer !== source) return 'issued by another address';
      if (existing.divisible !== divisible) return 'cannot change divisibility';
      if (existing.locked && quantity > 0n) return 'locked asset and non-zero quantity';
    } else if (!isNumericAsset(asset) && (this.#balances.get(source)?.get('XCP') ?? 0n) < NAMED_ASSET_FEE)
      return 'insufficient funds';
    if (this.#supplyOf(asset) + quantity > MAX_SUPPLY) return 'total quantity overflow';
    return undefined;
  }

  #parseIssuance(tx: ConfirmedTransaction, source: string, issuance: CounterpartyIssuance): void {
    const problem = this.#issuanceProblem(source, issuance);
    const existing = this.#issued.get(issuance.asset);
    const output0 = tx.outputs[0]?.address;
    this.#issuances.push({
      ...issuance,
      txid: tx.txid,
      blockIndex: tx.height,
      blockTime: tx.blockTime,
      source,
      destination: output0 ?? source,
      first: !problem && !existing,
      status: problem ? `invalid: ${problem}` : 'valid',
    });
    if (problem) return;
    if (!existing && !isNumericAsset(issuance.asset)) this.#move(source, 'XCP', -NAMED_ASSET_FEE);
    this.#issued.set(issuance.asset, {
      asset: issuance.asset,
      divisible: issuance.divisible,
      description: issuance.description,
      issuer: existing?.issuer ?? source,
      locked: (existing?.locked ?? false) || issuance.lock,
    });
    this.#move(source, issuance.asset, issuance.quantity);
  }
}
