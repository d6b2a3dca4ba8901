import { decodeRunestone } from '@svc/chains';
import type { ConfirmedTransaction } from '../ledger.js';
import { allocateRunes, type RuneBalances } from '../rune-allocation.js';
import { SANDBOX_RUNES, type SandboxRune } from '../sandbox-assets.js';
import type { BlockRef } from './inscriptions.js';
import { outpoint } from '../outpoint.js';

/** A rune the sandbox knows, with what the chain says of its issuance. */
export interface IndexedRune extends SandboxRune {
  /** Etching order (ids sorted by block, then tx), ord's rune number. */
  readonly number: number;
  /** Bits set where a spacer follows a letter (ord's `spacers`). */
  readonly spacers: number;
  /** Atomic units the faucet has granted, each grant counted as a mint (sandbox runes are not etched on chain). */
  readonly granted: bigint;
  readonly mints: number;
  /** Atomic units burned (a cenotaph, an edict to OP_RETURN, or no output to take them). */
  readonly burned: bigint;
  /** The first grant; null before any. */
  readonly firstMint: BlockRef | null;
}

/** A rune movement on one input or output. */
export interface RuneMove {
  readonly address: string | null;
  /** "txid:vout". */
  readonly output: string;
  readonly rune: string;
  /** Atomic units. */
  readonly amount: bigint;
}

/** A transaction that moved, minted or burned runes. */
export interface RunicTransaction extends BlockRef {
  /** What the transaction did per rune: a faucet grant is a MINT; a runestone (or runes merely spent) a TRANSFER. */
  readonly messages: readonly { readonly rune: string; readonly type: 'MINT' | 'TRANSFER' }[];
  readonly inputs: readonly RuneMove[];
  readonly outputs: readonly RuneMove[];
}

const runeOrder = (id: string) => id.split(':').map(BigInt) as [bigint, bigint];

/** Sandbox runes in etching order. */
const ETCHED: readonly SandboxRune[] = [...SANDBOX_RUNES].sort((a, b) => {
  const [blockA, txA] = runeOrder(a.id);
  const [blockB, txB] = runeOrder(b.id);
  return blockA === blockB ? Number(txA - txB) : Number(blockA - blockB);
});

/** ord's spacers bit field: bit i set when a spacer follows letter i. */
function spacersOf(spacedName: string): number {
  let bits = 0;
  let letter = -1;
  for (const char of spacedName) {
    if (char === '•' || char === '.') bits |= 1 << letter;
    else letter += 1;
  }
  return bits;
}

/**
 * Runes of the sandbox chain, replayed as the ledger applies them (rune-allocation.ts): faucet grants, then every
 * transaction's runestone allocating its input runes. Keeps the balances of unspent outputs and every runic
 * transaction.
 */
export class RuneIndex {
  readonly #balances = new Map<string, RuneBalances>();
  readonly #transactions: RunicTransaction[] = [];
  readonly #issuance = new Map<string, { granted: bigint; mints: number; burned: bigint; first: BlockRef | null }>(
    ETCHED.map((rune) => [rune.id, { granted: 0n, mints: 0, burned: 0n, first: null }]),
  );

  /** Applies a transaction; `grant` is the faucet's rune grant on output 0, if it made one. */
  apply(tx: ConfirmedTransaction, grant: { readonly rune: string; readonly amount: bigint } | undefined): void {
    const block = { txid: tx.txid, height: tx.height, time: tx.blockTime };
    const held = tx.prevouts.map((spent) => this.#balances.get(outpoint(spent.txid, spent.vout)) ?? new Map());
    const allocated = grant
      ? [new Map([[grant.rune, grant.amount]])]
      : allocateRunes(
          held,
          tx.outputs.map((out) => out.script),
          decodeRunestone(tx.outputs.map((out) => out.script)),
        );
    for (const spent of tx.prevouts) this.#balances.delete(outpoint(spent.txid, spent.vout));
    allocated.forEach((balances, vout) => balances.size > 0 && this.#balances.set(outpoint(tx.txid, vout), balances));

    const inputs = tx.prevouts.flatMap((spent, index) =>
      [...held[index]!].map(([rune, amount]) => ({
        address: spent.address,
        output: outpoint(spent.txid, spent.vout),
        rune,
        amount,
      })),
    );
    const outputs = allocated.flatMap((balances, vout) =>
      [...balances].map(([rune, amount]) => ({
        address: tx.outputs[vout]!.address,
        output: outpoint(tx.txid, vout),
        rune,
        amount,
      })),
    );
    if (inputs.length === 0 && outputs.length === 0) return;
    if (grant) {
      const issuance = this.#issuance.get(grant.rune)!;
      issuance.granted += grant.amount;
      issuance.mints += 1;
      issuance.first ??= block;
    }
    const sum = (moves: readonly RuneMove[], rune: string) =>
      moves.filter((move) => move.rune === rune).reduce((total, move) => total + move.amount, 0n);
    const runes = [...new Set([...inputs, ...outputs].map((move) => move.rune))];
    for (const rune of runes) {
      const lost = sum(inputs, rune) - sum(outputs, rune);
      if (lost > 0n) this.#issuance.get(rune)!.burned += lost;
    }
    this.#transactions.push({
      ...block,
      messages: runes.map((rune) => ({ rune, type: grant ? 'MINT' : 'TRANSFER' })),
      inputs,
      outputs,
    });
  }

  /** Rune balances (id → atomic) of an unspent output. */
  at(txid: string, vout: number): ReadonlyMap<string, bigint> {
    return this.#balances.get(outpoint(txid, vout)) ?? new Map();
  }

  /** Every sandbox rune in etching order, with its issuance so far. */
  runes(): IndexedRune[] {
    return ETCHED.map((rune, number) => {
      const issuance = this.#issuance.get(rune.id)!;
      return {
        ...rune,
        number,
        spacers: spacersOf(rune.spacedName),
        granted: issuance.granted,
        mints: issuance.mints,
        burned: issuance.burned,
        firstMint: issuance.first,
      };
    });
  }

  /** Runic transactions touching `address` (an input it spent or an output it received), newest first. */
  transactionsOf(address: string): RunicTransaction[] {
    return this.#transactions
      .filter((tx) => [...tx.inputs, ...tx.outputs].some((move) => move.address === address))
      .reverse();
  }
}
