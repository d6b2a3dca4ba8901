/**
 * A marketplace listing as Magic Eden and the ordinals marketplaces make them: the seller signs the input holding the
 * asset (an inscription's output, or an output carrying runes) with SIGHASH_SINGLE|ANYONECANPAY, which commits to
 * that input and to the one output at the same index: the seller's payment. Any buyer can then add its own inputs
 * and outputs around that pair (fill.ts) without breaking the seller's signature, and cannot lower the price.
 */
import { networks, Psbt, Transaction } from 'bitcoinjs-lib';
import type { LedgerOutput } from '../ledger.js';
import type { BitcoinKey } from './bitcoin-key.js';

/** The seller's sighash: its own input, and only the output at the same index (its payment). */
export const SALE_SIGHASH = Transaction.SIGHASH_SINGLE | Transaction.SIGHASH_ANYONECANPAY;

export interface Listing {
  /** The listed output, "txid:vout". */
  readonly outpoint: string;
  readonly seller: string;
  readonly priceSats: bigint;
  /** The seller's PSBT (base64): input 0 the asset, finalized with its SINGLE|ANYONECANPAY signature; output 0 pays. */
  readonly psbt: string;
}

/** Lists `asset` (an unspent output `seller` owns) for `priceSats`, paid to the seller's own address. */
export function createListing(seller: BitcoinKey, asset: LedgerOutput, priceSats: bigint): Listing {
  const psbt = new Psbt({ network: networks.bitcoin });
  psbt.addInput({
    hash: asset.txid,
    index: asset.vout,
    witnessUtxo: { script: asset.script, value: asset.value },
    sighashType: SALE_SIGHASH,
    ...(seller.tapInternalKey ? { tapInternalKey: seller.tapInternalKey } : {}),
  });
  psbt.addOutput({ address: seller.address, value: priceSats });
  psbt.signInput(0, seller.signer, [SALE_SIGHASH]);
  psbt.finalizeInput(0);
  return { outpoint: `${asset.txid}:${asset.vout}`, seller: seller.address, priceSats, psbt: psbt.toBase64() };
}
