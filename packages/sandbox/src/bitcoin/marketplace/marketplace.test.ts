import { networks, Psbt } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { BitcoinLedgerError, BitcoinSandboxLedger } from '../ledger.js';
import { OrdIndex } from '../ord-index/ord-index.js';
import { POSTAGE_SATS } from '../sandbox-assets.js';
import { bitcoinKey } from './bitcoin-key.js';
import { fillListing, PADDING_SATS } from './fill.js';
import { createListing, type Listing } from './listing.js';

const key = (seed: number, kind: 'p2wpkh' | 'p2tr') => bitcoinKey(new Uint8Array(32).fill(seed), kind);
const DOG = '840000:3';

/** A ledger with its index, a seller holding `grant` on a fresh output, and a buyer with padding and funding. */
function market(sellerKind: 'p2wpkh' | 'p2tr', buyerKind: 'p2wpkh' | 'p2tr', grant: 'inscription' | bigint) {
  const ledger = new BitcoinSandboxLedger();
  const index = new OrdIndex(ledger);
  const seller = key(3, sellerKind);
  const buyer = key(4, buyerKind);
  const assetTxid = ledger.credit(
    seller.address,
    POSTAGE_SATS,
    grant === 'inscription' ? 'inscription' : { rune: DOG, amount: grant },
  );
  const padding = ledger.utxo(ledger.credit(buyer.address, 1_000n), 0)!;
  const funding = ledger.utxo(ledger.credit(buyer.address, 1_000_000n), 0)!;
  return { ledger, index, seller, buyer, asset: ledger.utxo(assetTxid, 0)!, padding, funding, assetTxid };
}

describe('marketplace sales (SIGHASH_SINGLE|ANYONECANPAY listings filled by a buyer)', () => {
  it('settle an inscription from a taproot seller: the ledger accepts it and the index records the price', () => {
    const { ledger, index, seller, buyer, asset, padding, funding, assetTxid } = market(
      'p2tr',
      'p2wpkh',
      'inscription',
    );
    const listing = createListing(seller, asset, 50_000n);
    const sale = ledger.submit(fillListing({ listing, buyer, padding, funding: [funding], runes: new Map() }));

    const inscriptionId = `${assetTxid}i0`;
    expect(ledger.inscription(inscriptionId)).toEqual({ txid: sale.txid, vout: 0, offset: padding.value });
    expect(sale.outputs[0]!.address).toBe(buyer.address);
    expect(sale.outputs[1]).toMatchObject({ address: seller.address, value: 50_000n });
    expect(sale.outputs[3]).toMatchObject({ address: buyer.address, value: PADDING_SATS });
    expect(index.inscriptionSales()).toEqual([
      {
        txid: sale.txid,
        height: sale.height,
        time: sale.blockTime,
        inscriptionId,
        priceSats: 50_000n,
        seller: seller.address,
        buyer: buyer.address,
      },
    ]);
    expect(index.runeSales()).toEqual([]);
  });

  it('move runes by the runestone edict to the buyer from a segwit seller, recorded with amount and price', () => {
    const { ledger, index, seller, buyer, asset, padding, funding } = market('p2wpkh', 'p2tr', 12_345_600_000n);
    const listing = createListing(seller, asset, 61_728n);
    const runes = ledger.runesAt(asset.txid, asset.vout);
    const sale = ledger.submit(fillListing({ listing, buyer, padding, funding: [funding], runes }));

    expect(ledger.runesAt(sale.txid, 0)).toEqual(new Map([[DOG, 12_345_600_000n]]));
    expect(ledger.runeBalancesOf(seller.address)).toEqual(new Map());
    expect(index.output(sale.txid, 0)?.runes).toEqual(new Map([[DOG, 12_345_600_000n]]));
    expect(index.runeSales()).toEqual([
      {
        txid: sale.txid,
        height: sale.height,
        time: sale.blockTime,
        rune: DOG,
        amount: 12_345_600_000n,
        priceSats: 61_728n,
        seller: seller.address,
        buyer: buyer.address,
      },
    ]);
  });

  it("refuse a fill that lowers the seller's payment: the seller's signature no longer verifies", () => {
    const { ledger, index, seller, buyer, asset, padding, funding } = market('p2tr', 'p2tr', 'inscription');
    const listing = createListing(seller, asset, 50_000n);
    // The buyer copies the seller's signed input but writes a lower price into the payment output.
    const signed = Psbt.fromBase64(listing.psbt, { network: networks.bitcoin });
    const tampered = new Psbt({ network: networks.bitcoin });
    tampered.addInput({
      hash: signed.txInputs[0]!.hash,
      index: signed.txInputs[0]!.index,
      witnessUtxo: signed.data.inputs[0]!.witnessUtxo!,
      finalScriptWitness: signed.data.inputs[0]!.finalScriptWitness!,
    });
    tampered.addOutput({ script: signed.txOutputs[0]!.script, value: 1_000n });
    const cheap: Listing = { ...listing, priceSats: 1_000n, psbt: tampered.toBase64() };
    const hex = fillListing({ listing: cheap, buyer, padding, funding: [funding], runes: new Map() });

    expect(() => ledger.submit(hex)).toThrow(BitcoinLedgerError);
    expect(() => ledger.submit(hex)).toThrow(/bad_signature: input 1/);
    expect(index.inscriptionSales()).toEqual([]);
  });

  it('do not count a plain payment signed SIGHASH_ALL as a sale', () => {
    const { ledger, index, buyer, padding, funding } = market('p2wpkh', 'p2wpkh', 'inscription');
    const psbt = new Psbt({ network: networks.bitcoin });
    for (const output of [padding, funding])
      psbt.addInput({
        hash: output.txid,
        index: output.vout,
        witnessUtxo: { script: output.script, value: output.value },
      });
    psbt.addOutput({ address: buyer.address, value: 1_000_000n });
    psbt.signAllInputs(buyer.signer);
    psbt.finalizeAllInputs();
    ledger.submit(psbt.extractTransaction().toHex());
    expect(index.inscriptionSales()).toEqual([]);
    expect(index.runeSales()).toEqual([]);
  });
});
