/**
 * A buyer's completion of a listing (listing.ts), laid out as the ordinals marketplaces lay out their buys:
 *
 *   inputs:  0 buyer's padding output, 1 the seller's signed asset input, 2… the buyer's funding
 *   outputs: 0 the asset to the buyer (padding + the asset's sats), 1 the seller's payment, 2 change, 3 new padding,
 *            and for runes an OP_RETURN runestone
 *
 * Sats flow first in, first out, so the padding input puts the seller's whole input, inscribed sat included, inside
 * output 0; the seller's input and payment keep the same index (1), which its SIGHASH_SINGLE signature needs. Runes
 * do not follow sats: the runestone's edicts give every rune the listed output carries to output 0 (without it they
 * would go to the first output anyway; the edicts say so explicitly, as marketplace buys do). The new padding output
 * lets the buyer make its next purchase.
 */
import { encodeRunestone, parseRuneId } from '@svc/chains';
import { networks, Psbt } from 'bitcoinjs-lib';
import type { LedgerOutput } from '../ledger.js';
import type { BitcoinKey } from './bitcoin-key.js';
import type { Listing } from './listing.js';

/** Sats of the padding output a buy leaves the buyer for its next purchase (Magic Eden's dummy UTXO size). */
export const PADDING_SATS = 600n;
/** The fee rate buys pay, sat/vB (the sandbox's 504-block estimate: cheap, above the minimum relay rate). */
const FEE_RATE = 2n;
/** Upper bounds of a segwit input and output's virtual size, and a transaction's overhead (vbytes). */
const INPUT_VBYTES = 68n;
const OUTPUT_VBYTES = 43n;
const OVERHEAD_VBYTES = 11n;

export interface Fill {
  readonly listing: Listing;
  readonly buyer: BitcoinKey;
  /** A small output of the buyer's without runes or inscriptions, spent first. */
  readonly padding: LedgerOutput;
  /** The buyer's outputs paying the price, the new padding and the fee (no runes or inscriptions on them). */
  readonly funding: readonly LedgerOutput[];
  /** Rune id → atomic amount the listed output carries (empty for an inscription). */
  readonly runes: ReadonlyMap<string, bigint>;
}

/** The signed buy (hex), ready for the ledger; throws when the funding does not cover price, padding and fee. */
export function fillListing({ listing, buyer, padding, funding, runes }: Fill): string {
  const sellerPsbt = Psbt.fromBase64(listing.psbt, { network: networks.bitcoin });
  const sellerInput = sellerPsbt.data.inputs[0]!;
  const sellerOutpoint = sellerPsbt.txInputs[0]!;
  const payment = sellerPsbt.txOutputs[0]!;
  const asset = sellerInput.witnessUtxo!;

  const psbt = new Psbt({ network: networks.bitcoin });
  const addBuyerInput = (output: LedgerOutput) =>
    psbt.addInput({
      hash: output.txid,
      index: output.vout,
      witnessUtxo: { script: output.script, value: output.value },
      ...(buyer.tapInternalKey ? { tapInternalKey: buyer.tapInternalKey } : {}),
    });
  addBuyerInput(padding);
  psbt.addInput({
    hash: sellerOutpoint.hash,
    index: sellerOutpoint.index,
    sequence: sellerOutpoint.sequence,
    witnessUtxo: asset,
    finalScriptWitness: sellerInput.finalScriptWitness!,
  });
  funding.forEach(addBuyerInput);

  const runestone =
    runes.size > 0
      ? encodeRunestone({
          edicts: [...runes].map(([rune, amount]) => ({ id: parseRuneId(rune), amount, output: 0 })),
          pointer: 0,
        })
      : undefined;
  const vbytes =
    OVERHEAD_VBYTES +
    INPUT_VBYTES * BigInt(2 + funding.length) +
    OUTPUT_VBYTES * 4n +
    BigInt(runestone ? runestone.length + 9 : 0);
  const fee = vbytes * FEE_RATE;
  const funds = funding.reduce((sum, output) => sum + output.value, 0n);
  const change = funds - payment.value - PADDING_SATS - fee;
  if (change < PADDING_SATS)
    throw new Error(
      `the funding (${funds} sats) does not cover the price ${payment.value}, the new padding and the fee ${fee}`,
    );
  psbt.addOutput({ address: buyer.address, value: padding.value + asset.value });
  psbt.addOutput({ script: payment.script, value: payment.value });
  psbt.addOutput({ address: buyer.address, value: change });
  psbt.addOutput({ address: buyer.address, value: PADDING_SATS });
  if (runestone) psbt.addOutput({ script: runestone, value: 0n });

  for (let index = 0; index < psbt.inputCount; index++) {
    if (index === 1) continue;
    psbt.signInput(index, buyer.signer);
    psbt.finalizeInput(index);
  }
  return psbt.extractTransaction().toHex();
}
