import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bitcoinKey } from './marketplace/bitcoin-key.js';
import { createListing } from './marketplace/listing.js';
import { POSTAGE_SATS } from './sandbox-assets.js';
import { SandboxBitcoin } from './sandbox-bitcoin.js';

describe('the sandbox Bitcoin chain across a restart', () => {
  it('keeps the resting asks beside the ledger file, with the inscriptions their outputs carry', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sandbox-bitcoin-')), 'bitcoin-mainnet.json');
    const seller = bitcoinKey(new Uint8Array(32).fill(8), 'p2tr');
    const first = new SandboxBitcoin({ file });
    const txid = first.ledger.credit(seller.address, POSTAGE_SATS, 'inscription');
    const listing = createListing(seller, first.ledger.utxo(txid, 0)!, 90_000n);
    first.marketplace.post(listing);
    expect(existsSync(file.replace(/\.json$/, '-asks.json'))).toBe(true);

    const restarted = new SandboxBitcoin({ file });
    expect(restarted.asks()).toEqual([
      { outpoint: listing.outpoint, seller: seller.address, priceSats: 90_000n, inscriptions: [`${txid}i0`] },
    ]);
  });
});
