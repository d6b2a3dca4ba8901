/**
 * Fee-aware coin selection for the vault's sends: largest UTXOs first until they cover the outputs and the fee at
 * the chosen rate, with change back to the sender unless it would be dust (then it goes to the fee, as wallets do).
 */
import { dustThreshold } from '@svc/chains';

/** Which vault address pays. */
export type VaultAddressType = 'segwit' | 'taproot';

/**
 * Virtual size of one input spending the address type: P2WPKH 41 vB of outpoint, empty scriptSig and sequence plus a
 * 27 vB witness (a 72-byte signature and a 33-byte key, rounded up); P2TR key path 41 vB plus a 16.5 vB witness.
 */
export const INPUT_VBYTES: Readonly<Record<VaultAddressType, number>> = { segwit: 68, taproot: 57.5 };
/** Version, locktime, input and output counts, and the segwit marker and flag. */
const OVERHEAD_VBYTES = 10.5;

const outputVbytes = (script: Uint8Array) => 8 + 1 + script.length;

export interface Coin {
  readonly txid: string;
  readonly vout: number;
  readonly value: bigint;
}

export interface CoinSelectionRequest<C extends Coin> {
  readonly coins: readonly C[];
  readonly from: VaultAddressType;
  /** Outputs the send must pay (recipient, OP_RETURN…), in order; change comes after them. */
  readonly outputs: readonly { readonly script: Uint8Array; readonly value: bigint }[];
  /** Inputs already in the transaction (rune UTXOs of the other vault address): their sats and their size. */
  readonly carried?: { readonly value: bigint; readonly vbytes: number };
  readonly changeScript: Uint8Array;
  /** sat/vB */
  readonly feeRate: number;
}

export type CoinSelection<C extends Coin> =
  | { readonly ok: true; readonly inputs: readonly C[]; readonly fee: bigint; readonly change: bigint }
  | { readonly ok: false; readonly available: bigint; readonly needed: bigint };

/**
 * The coins that carry no rune and no inscription (per the ord index): the only ones a fee or a BTC send may spend,
 * since spending the others would hand their runes or inscribed sats to the wrong output, or burn them.
 */
export function cardinalOnly<C extends Coin>(
  coins: readonly C[],
  indexed: readonly {
    txid: string;
    vout: number;
    runes: ReadonlyMap<string, bigint>;
    inscriptions: readonly string[];
  }[],
): C[] {
  const carrying = indexed.filter((out) => out.runes.size > 0 || out.inscriptions.length > 0);
  return coins.filter((coin) => !carrying.some((out) => out.txid === coin.txid && out.vout === coin.vout));
}

/** Relay policy counts whole vbytes (a transaction's vsize is its weight / 4 rounded up). */
const feeFor = (vbytes: number, feeRate: number) => BigInt(Math.ceil(Math.ceil(vbytes) * feeRate));

export function selectCoins<C extends Coin>(request: CoinSelectionRequest<C>): CoinSelection<C> {
  const { from, outputs, changeScript, feeRate } = request;
  const carried = request.carried ?? { value: 0n, vbytes: 0 };
  const candidates = [...request.coins].sort((a, b) => (a.value < b.value ? 1 : a.value > b.value ? -1 : 0));
  const paid = outputs.reduce((sum, out) => sum + out.value, 0n);
  const fixedVbytes =
    OVERHEAD_VBYTES + carried.vbytes + outputs.reduce((sum, out) => sum + outputVbytes(out.script), 0);
  const inputs: C[] = [];
  let total = carried.value;
  let feeWithoutChange = 0n;
  // With carried inputs, try them alone first (they may pay for everything).
  for (const coin of [...(carried.vbytes > 0 ? [undefined] : []), ...candidates]) {
    if (coin) {
      inputs.push(coin);
      total += coin.value;
    }
    const vbytes = fixedVbytes + inputs.length * INPUT_VBYTES[from];
    feeWithoutChange = feeFor(vbytes, feeRate);
    const feeWithChange = feeFor(vbytes + outputVbytes(changeScript), feeRate);
    const change = total - paid - feeWithChange;
    if (change >= dustThreshold(changeScript)) return { ok: true, inputs, fee: feeWithChange, change };
    if (total >= paid + feeWithoutChange) return { ok: true, inputs, fee: total - paid, change: 0n };
  }
  return {
    ok: false,
    available: total,
    needed: paid + (feeWithoutChange || feeFor(fixedVbytes + INPUT_VBYTES[from], feeRate)),
  };
}
