import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Psbt, networks } from 'bitcoinjs-lib';
import { encodeCounterpartySend, p2wpkhSigner } from '@svc/chains';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxBitcoin } from '../sandbox-bitcoin.js';
import {
  sandboxStampsKey,
  seedAssetName,
  SRC20_DEPLOYER,
  SRC20_MINTER,
  STAMPS_ARTIST,
  submitIssuance,
} from '../seeds/stamps.js';

const COLLECTOR = sandboxStampsKey('test collector');
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new chain (seeded) whose test issuer has coins; XCP too when the test issues a named asset. */
function chain(xcp = 0n) {
  const bitcoin = new SandboxBitcoin();
  bitcoin.ledger.credit(COLLECTOR.address, 1_000_000n);
  if (xcp > 0n) bitcoin.ledger.credit(COLLECTOR.address, 10_000n, { asset: 'XCP', quantity: xcp });
  return bitcoin;
}

const stampIssuance = (asset: string, description: string) => ({
  asset,
  quantity: 1n,
  divisible: false,
  lock: false,
  reset: false,
  description,
});

describe('the sandbox stamps index', () => {
  it('numbers the seeded image stamps 0 and 1, the text stamp -1, with their creator, type and data', () => {
    const stamps = new SandboxBitcoin().stamps.stamps();
    expect(stamps.slice(0, 3)).toMatchObject([
      { stamp: 0, cpid: seedAssetName('png'), creator: STAMPS_ARTIST.address, mimeType: 'image/png', isBtcStamp: true },
      { stamp: 1, cpid: seedAssetName('gif'), mimeType: 'image/gif', ident: 'STAMP', isCursed: false },
      { stamp: -1, mimeType: 'text/plain', isBtcStamp: false, isCursed: true, txIndex: 2 },
    ]);
    expect(stamps[1]!.base64).toBe(GIF);
    expect(stamps[0]!.fileHash).toMatch(/^[0-9a-f]{32}$/);
    expect(stamps[0]!.stampHash).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(stamps.filter((stamp) => stamp.ident === 'SRC-20').map((stamp) => stamp.stamp)).toEqual([
      2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('indexes the seeded SRC-20 tokens: minted supply, the over-limit mint refused, holders after the transfer', () => {
    const index = new SandboxBitcoin().stamps;
    const [kevin, stamp] = index.src20Tokens();
    expect(kevin).toMatchObject({
      tick: 'KEVIN',
      max: '690000',
      lim: '69000',
      dec: 0,
      minted: '138000',
      mints: 2,
      progress: 20,
      holders: [
        { address: SRC20_DEPLOYER.address, amt: '69000' },
        { address: SRC20_MINTER.address, amt: '68000' },
        { address: STAMPS_ARTIST.address, amt: '1000' },
      ],
    });
    expect(stamp).toMatchObject({
      tick: 'STAMP',
      dec: 18,
      minted: '1000',
      holders: [{ address: SRC20_MINTER.address }],
    });
    expect(index.src20Operations().filter((op) => !op.valid)).toMatchObject([
      { op: 'MINT', tick: 'KEVIN', amt: '100000', creator: SRC20_MINTER.address },
    ]);
  });

  it('seeds once: a chain reopened from its file keeps the same stamps and adds no transaction', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stamps-seed-'));
    dirs.push(dir);
    const file = join(dir, 'bitcoin.json');
    const first = new SandboxBitcoin({ file });
    const again = new SandboxBitcoin({ file });
    expect(again.ledger.height).toBe(first.ledger.height);
    expect(again.stamps.stamps().map((stamp) => stamp.txid)).toEqual(first.stamps.stamps().map((stamp) => stamp.txid));
  });

  it('curses a stamp on a named asset, and ignores data that is not base64 and later issuances of the asset', () => {
    const bitcoin = chain(100_000_000n);
    const before = bitcoin.stamps.stamps().length;
    submitIssuance(bitcoin.ledger, COLLECTOR, stampIssuance('SANDBOXART', `STAMP:${GIF}`));
    submitIssuance(bitcoin.ledger, COLLECTOR, stampIssuance(seedAssetName('bad'), 'STAMP:not base64!'));
    submitIssuance(bitcoin.ledger, COLLECTOR, stampIssuance(seedAssetName('plain'), 'a plain asset'));
    submitIssuance(bitcoin.ledger, COLLECTOR, stampIssuance(seedAssetName('plain'), `stamp:${GIF}`));
    const added = bitcoin.stamps.stamps().slice(before);
    expect(added).toMatchObject([{ cpid: 'SANDBOXART', stamp: -2, isCursed: true, mimeType: 'image/gif' }]);
  });

  it('lists a stamp under its new holder after a Counterparty send of its asset', () => {
    const bitcoin = chain();
    const asset = seedAssetName('collector gif');
    submitIssuance(bitcoin.ledger, COLLECTOR, stampIssuance(asset, `STAMP:${GIF}`));
    expect(bitcoin.stamps.stampBalancesOf(COLLECTOR.address)).toMatchObject([{ stamp: { cpid: asset }, quantity: 1n }]);
    const coin = bitcoin.ledger.utxosOf(COLLECTOR.address).sort((a, b) => (a.value > b.value ? -1 : 1))[0]!;
    const psbt = new Psbt({ network: networks.bitcoin });
    psbt.addInput({ hash: coin.txid, index: coin.vout, witnessUtxo: { script: coin.script, value: coin.value } });
    psbt.addOutput({
      script: encodeCounterpartySend({ asset, quantity: 1n, destination: STAMPS_ARTIST.address }, coin.txid),
      value: 0n,
    });
    psbt.addOutput({ script: coin.script, value: coin.value - 2_000n });
    psbt.signAllInputs(p2wpkhSigner(COLLECTOR.wif));
    psbt.finalizeAllInputs();
    bitcoin.ledger.submit(psbt.extractTransaction().toHex());
    expect(bitcoin.stamps.stampBalancesOf(COLLECTOR.address)).toEqual([]);
    expect(bitcoin.stamps.stampBalancesOf(STAMPS_ARTIST.address).map(({ stamp }) => stamp.cpid)).toContain(asset);
  });
});
