/**
 * The sandbox's Counterparty layer: asset balances per address, derived (as counterparty-core derives them) from
 * the confirmed transactions of the sandbox Bitcoin ledger, read in block order on every query. The faucet's
 * Counterparty grants credit the address they pay; a transaction whose OP_RETURN carries an enhanced send moves
 * the asset from its source (the address of the output its first input spends) to the destination when the
 * source holds enough, and is recorded as invalid, moving nothing, when it does not.
 *
 * Nothing is kept apart from the Bitcoin ledger, so the balances survive restarts with its file.
 */
import { decodeCounterpartyMessage } from '@svc/chains';
import type { BitcoinSandboxLedger, ConfirmedTransaction } from './ledger.js';
import { SANDBOX_COUNTERPARTY_ASSETS, type SandboxCounterpartyAsset } from './sandbox-assets.js';

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

export class CounterpartySandboxLedger {
  readonly #bitcoin: BitcoinSandboxLedger;
  /** address → asset → atomic quantity */
  readonly #balances = new Map<string, Map<string, bigint>>();
  readonly #sends = new Map<string, CounterpartySendRecord>();
  /** Height of the last Bitcoin block parsed. */
  #parsed = 0;

  constructor(bitcoin: BitcoinSandboxLedger) {
    this.#bitcoin = bitcoin;
  }

  /** Forgets what it parsed, to read the Bitcoin ledger again from its first block (after a sandbox reset). */
  reparse(): void {
    this.#balances.clear();
    this.#sends.clear();
    this.#parsed = 0;
  }

  asset(name: string): SandboxCounterpartyAsset | undefined {
    return SANDBOX_COUNTERPARTY_ASSETS.find((known) => known.asset === name);
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
    if (message.kind !== 'send') return;
    const { asset, quantity, destination } = message.send;
    const problem = !this.asset(asset)
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
}
