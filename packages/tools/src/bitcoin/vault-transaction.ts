/**
 * Builds, signs and serialises a transaction spending the vault's own UTXOs, with bitcoinjs-lib's Psbt: every input
 * carries its witness UTXO (and, for taproot, the BIP-86 internal key), the vault key signs them all, and the
 * finalised transaction comes out as hex for Esplora's POST /tx.
 */
import { bitcoinOutputScript, p2trKeyPathSigner, p2wpkhSigner, taprootInternalKey } from '@svc/chains';
import { networks, Psbt } from 'bitcoinjs-lib';
import type { Coin, VaultAddressType } from './coin-selection.js';

export interface VaultKey {
  readonly type: VaultAddressType;
  readonly address: string;
  readonly wif: string;
}

export interface VaultTransactionPlan {
  readonly inputs: readonly Coin[];
  readonly outputs: readonly { readonly script: Uint8Array; readonly value: bigint }[];
}

export function signVaultTransaction(key: VaultKey, { inputs, outputs }: VaultTransactionPlan): { readonly hex: string; readonly txid: string } {
  const ownScript = bitcoinOutputScript(key.address)!;
  const psbt = new Psbt({ network: networks.bitcoin });
  for (const input of inputs) {
    psbt.addInput({
      hash: input.txid,
      index: input.vout,
      witnessUtxo: { script: ownScript, value: input.value },
      ...(key.type === 'taproot' ? { tapInternalKey: taprootInternalKey(key.wif) } : {}),
    });
  }
  for (const output of outputs) psbt.addOutput({ script: output.script, value: output.value });
  psbt.signAllInputs(key.type === 'taproot' ? p2trKeyPathSigner(key.wif) : p2wpkhSigner(key.wif));
  psbt.finalizeAllInputs();
  const tx = psbt.extractTransaction();
  return { hex: tx.toHex(), txid: tx.getId() };
}
