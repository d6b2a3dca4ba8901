import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { networks, Psbt } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { BitcoinSandboxLedger } from '../ledger.js';
import { POSTAGE_SATS } from '../sandbox-assets.js';
import { bitcoinKey } from './bitcoin-key.js';
import { fillListing } from './fill.js';
import { createListing } from './listing.js';
import { OrderBook } from './order-book.js';

const key = (seed: number, kind: 'p2wpkh' | 'p2tr') => bitcoinKey(new Uint8Array(32).fill(seed), kind);

/** A ledger, a taproot seller with two inscriptions, a segwit buyer with padding and funding, and an empty book. */
function setup(file?: string) {
  const ledger = new BitcoinSandboxLedger();
  const seller = key(5, 'p2tr');
  const buyer = key(6, 'p2wpkh');
  const item = () => ledger.utxo(ledger.credit(seller.address, POSTAGE_SATS, 'inscription'), 0)!;
  return { ledger, seller, buyer, items: [item(), item()], book: new OrderBook(ledger, file) };
}

describe('the sandbox order book of resting asks', () => {
  it('rests a signed listing of an output its seller holds, oldest first; a repost of the output replaces it', () => {
    const { seller, items, book } = setup();
    const first = createListing(seller, items[0]!, 70_000n);
    const second = createListing(seller, items[1]!, 50_000n);
    book.post(first);
    book.post(second);
    expect(book.asks()).toEqual([first, second]);
    const cheaper = createListing(seller, items[0]!, 60_000n);
    book.post(cheaper);
    expect(book.asks()).toEqual([second, cheaper]);
  });

  it('refuses a listing whose claims its PSBT does not back: outpoint, price, seller', () => {
    const { seller, items, book } = setup();
    const listing = createListing(seller, items[0]!, 70_000n);
    expect(() => book.post({ ...listing, outpoint: `${items[1]!.txid}:${items[1]!.vout}` })).toThrow(
      /its input spends/,
    );
    expect(() => book.post({ ...listing, priceSats: 1_000n })).toThrow(/does not pay 1000 sats/);
    const other = key(7, 'p2wpkh').address;
    expect(() => book.post({ ...listing, seller: other })).toThrow(/is not held by/);
    expect(book.asks()).toEqual([]);
  });

  it('refuses a listing not signed SIGHASH_SINGLE|ANYONECANPAY (a buyer could not complete it)', () => {
    const { seller, items, book } = setup();
    const asset = items[0]!;
    const psbt = new Psbt({ network: networks.bitcoin });
    psbt.addInput({
      hash: asset.txid,
      index: asset.vout,
      witnessUtxo: { script: asset.script, value: asset.value },
      tapInternalKey: seller.tapInternalKey!,
    });
    psbt.addOutput({ address: seller.address, value: 70_000n });
    psbt.signInput(0, seller.signer);
    psbt.finalizeInput(0);
    const listing = { outpoint: `${asset.txid}:${asset.vout}`, seller: seller.address, priceSats: 70_000n };
    expect(() => book.post({ ...listing, psbt: psbt.toBase64() })).toThrow(/SIGHASH_SINGLE\|ANYONECANPAY/);
  });

  it('drops an ask once its output is spent: filled, or moved by its seller', () => {
    const { ledger, seller, buyer, items, book } = setup();
    const filled = createListing(seller, items[0]!, 70_000n);
    const moved = createListing(seller, items[1]!, 80_000n);
    book.post(filled);
    book.post(moved);
    const padding = ledger.utxo(ledger.credit(buyer.address, 1_000n), 0)!;
    const funding = ledger.utxo(ledger.credit(buyer.address, 1_000_000n), 0)!;
    ledger.submit(fillListing({ listing: filled, buyer, padding, funding: [funding], runes: new Map() }));
    expect(book.asks()).toEqual([moved]);
    // The seller sends the second item elsewhere (its own listing's PSBT, completed by anyone, spends it too).
    const again = ledger.utxo(ledger.credit(buyer.address, 1_000_000n), 0)!;
    const padding2 = ledger.utxosOf(buyer.address).find((output) => output.value === 600n)!;
    ledger.submit(fillListing({ listing: moved, buyer, padding: padding2, funding: [again], runes: new Map() }));
    expect(book.asks()).toEqual([]);
    expect(() => book.post(moved)).toThrow(/is spent or unknown/);
  });

  it('keeps its asks in its file: a book started on the same file has them', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'order-book-')), 'bitcoin-asks.json');
    const { ledger, seller, items, book } = setup(file);
    const listing = createListing(seller, items[0]!, 70_000n);
    book.post(listing);
    expect(new OrderBook(ledger, file).asks()).toEqual([listing]);
    expect(new OrderBook(new BitcoinSandboxLedger(), file).asks()).toEqual([]);
  });
});
