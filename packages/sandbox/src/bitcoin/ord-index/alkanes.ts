import { ALKANES_PROTOCOL_TAG, decodeProtostones, decodeRunestone, type RunestoneMessage } from '@svc/chains';
import type { AlkaneGrant, ConfirmedTransaction } from '../ledger.js';
import { allocateRunes, type RuneBalances } from '../rune-allocation.js';
import { SANDBOX_ALKANES, type SandboxAlkane } from '../sandbox-assets.js';
import type { BlockRef } from './inscriptions.js';
import { outpoint } from '../outpoint.js';

/** A sandbox alkane with what the chain says of it. */
export interface IndexedAlkane extends SandboxAlkane {
  /** Atomic units the faucet has granted, each grant counted as a mint (the sandbox has no alkanes VM to mint). */
  readonly minted: bigint;
  readonly mints: number;
  /** Atomic units burned (a cenotaph, an edict to OP_RETURN, or no output to take them). */
  readonly burned: bigint;
  /** Atomic units on unspent outputs now: minted less burned. */
  readonly supply: bigint;
  /** Addresses holding some now. */
  readonly holders: number;
  /** The first grant (the alkane's deploy on the sandbox chain); null before any. */
  readonly firstMint: BlockRef | null;
}

/** An unspent output carrying alkanes. */
export interface AlkaneOutput {
  readonly txid: string;
  readonly vout: number;
  readonly address: string | null;
  readonly value: bigint;
  /** Alkane id → atomic units. */
  readonly alkanes: ReadonlyMap<string, bigint>;
}

/**
 * The runestone message that moves a transaction's alkanes (protorunes of protocol 1): the edicts of its alkanes
 * protostones (those naming an output past the transaction's address the VM's virtual outputs: with no VM in the
 * sandbox, what they name stays unallocated, as a failed message refunds it), and the first protostone pointer that
 * names an output, else the runestone's. No runestone: the runes default (first non-OP_RETURN output); a cenotaph
 * burns them, as it burns runes.
 */
export function alkanesMessage(outputCount: number, message: RunestoneMessage): RunestoneMessage {
  if (message.kind !== 'runestone') return message;
  const protostones = decodeProtostones(message.runestone.protocol ?? []).filter(
    (stone) => stone.protocolTag === ALKANES_PROTOCOL_TAG,
  );
  const edicts = protostones.flatMap((stone) => stone.edicts).filter((edict) => edict.output <= outputCount);
  const pointer =
    protostones.map((stone) => stone.pointer).find((output) => output !== undefined && output < outputCount) ??
    message.runestone.pointer;
  return { kind: 'runestone', runestone: { edicts, pointer } };
}

/**
 * Alkanes of the sandbox chain as protorune balances, replayed as the ledger applies transactions: faucet grants on
 * output 0, then every transaction's input alkanes allocated by its protostones (rune-allocation.ts). Keeps the
 * balances of unspent outputs and each alkane's issuance.
 */
export class AlkaneIndex {
  readonly #outputs = new Map<string, AlkaneOutput>();
  readonly #issuance = new Map<string, { minted: bigint; mints: number; burned: bigint; first: BlockRef | null }>(
    SANDBOX_ALKANES.map((alkane) => [alkane.id, { minted: 0n, mints: 0, burned: 0n, first: null }]),
  );

  /** Applies a transaction; `grant` is the faucet's alkane grant on output 0, if it made one. */
  apply(tx: ConfirmedTransaction, grant: AlkaneGrant | undefined): void {
    const held = tx.prevouts.map(
      (spent): RuneBalances => new Map(this.#outputs.get(outpoint(spent.txid, spent.vout))?.alkanes),
    );
    const scripts = tx.outputs.map((out) => out.script);
    const allocated: RuneBalances[] = grant
      ? [new Map([[grant.alkane, grant.amount]])]
      : allocateRunes(held, scripts, alkanesMessage(scripts.length, decodeRunestone(scripts)));
    for (const spent of tx.prevouts) this.#outputs.delete(outpoint(spent.txid, spent.vout));
    allocated.forEach((alkanes, vout) => {
      const out = tx.outputs[vout]!;
      if (alkanes.size > 0)
        this.#outputs.set(outpoint(tx.txid, vout), {
          txid: tx.txid,
          vout,
          address: out.address,
          value: out.value,
          alkanes,
        });
    });
    if (grant) {
      const issuance = this.#issuance.get(grant.alkane)!;
      issuance.minted += grant.amount;
      issuance.mints += 1;
      issuance.first ??= { txid: tx.txid, height: tx.height, time: tx.blockTime };
    }
    const total = (balances: readonly ReadonlyMap<string, bigint>[], alkane: string) =>
      balances.reduce((sum, balance) => sum + (balance.get(alkane) ?? 0n), 0n);
    for (const alkane of new Set(held.flatMap((balances) => [...balances.keys()]))) {
      const lost = total(held, alkane) - total(allocated, alkane);
      if (lost > 0n) this.#issuance.get(alkane)!.burned += lost;
    }
  }

  /** The unspent outputs of `address` that carry alkanes, oldest first. */
  outputsOf(address: string): AlkaneOutput[] {
    return [...this.#outputs.values()].filter((out) => out.address === address);
  }

  /** Every sandbox alkane (SANDBOX_ALKANES is in id order: mainnet's deploy order), with its issuance and holders. */
  alkanes(): IndexedAlkane[] {
    return SANDBOX_ALKANES.map((alkane) => {
      const issuance = this.#issuance.get(alkane.id)!;
      const holders = new Set(
        [...this.#outputs.values()].flatMap((out) => (out.alkanes.has(alkane.id) && out.address ? [out.address] : [])),
      );
      return {
        ...alkane,
        minted: issuance.minted,
        mints: issuance.mints,
        burned: issuance.burned,
        supply: issuance.minted - issuance.burned,
        holders: holders.size,
        firstMint: issuance.first,
      };
    });
  }
}
