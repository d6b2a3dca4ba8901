/**
 * Builds, signs and serialises a transaction spending the vault's own UTXOs, with bitcoinjs-lib's Psbt: every input
 * carries its witness UTXO (and, for taproot, the BIP-86 internal key), the vault key signs them all, and the
 * finalised transaction comes out as hex for Esplora's POST /tx.
 */
import { bitcoinOutputScript, p2trKeyPathSigner, p2wpkhSigner, taprootInternalKey } from '@svc/chains';
import { networks, Psbt } from 'bitcoinjs-lib';
import type { HandlerContext } from '../handler.js';
import type { Coin, VaultAddressType } from './coin-selection.js';
import type { EsploraClient } from '@svc/providers';

export interface VaultKey {
  readonly type: VaultAddressType;
  readonly address: string;
  readonly wif: string;
}

export interface VaultTransactionPlan {
  /** Each input with the vault key that owns it (a rune send spends taproot and segwit outputs together). */
  readonly inputs: readonly { readonly coin: Coin; readonly key: VaultKey }[];
  readonly outputs: readonly { readonly script: Uint8Array; readonly value: bigint }[];
}

function signVaultTransaction({ inputs, outputs }: VaultTransactionPlan): {
  readonly hex: string;
  readonly txid: string;
} {
  const psbt = new Psbt({ network: networks.bitcoin });
  for (const { coin, key } of inputs) {
    psbt.addInput({
      hash: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: bitcoinOutputScript(key.address)!, value: coin.value },
      ...(key.type === 'taproot' ? { tapInternalKey: taprootInternalKey(key.wif) } : {}),
    });
  }
  for (const output of outputs) psbt.addOutput({ script: output.script, value: output.value });
  inputs.forEach(({ key }, index) =>
    psbt.signInput(index, key.type === 'taproot' ? p2trKeyPathSigner(key.wif) : p2wpkhSigner(key.wif)),
  );
  psbt.finalizeAllInputs();
  const tx = psbt.extractTransaction();
  return { hex: tx.toHex(), txid: tx.getId() };
}

/**
 * Signs the plan, settles the call's payment (the handler's commit point: every check has passed and the transaction
 * is signed) and broadcasts it. Returns the txid Esplora reports.
 */
export async function sendVaultTransaction(
  context: Pick<HandlerContext, 'commit'>,
  esplora: EsploraClient,
  plan: VaultTransactionPlan,
): Promise<string> {
  const signed = signVaultTransaction(plan);
  await context.commit?.();
  return esplora.broadcast(signed.hex);
}
