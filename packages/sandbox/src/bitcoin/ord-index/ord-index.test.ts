import { secp256k1 } from '@noble/curves/secp256k1';
import { p2wpkh, WIF } from '@scure/btc-signer';
import { address as addressCodec, networks, Psbt } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { encodeRunestone, p2wpkhSigner } from '@svc/chains';
import { BitcoinSandboxLedger } from '../ledger.js';
import { OrdIndex } from './ord-index.js';

const wifOf = (seed: number) => WIF().encode(new Uint8Array(32).fill(seed));
const ALICE_WIF = wifOf(7);
const ALICE = p2wpkh(secp256k1.getPublicKey(WIF().decode(ALICE_WIF), true)).address!;
const BOB = p2wpkh(secp256k1.getPublicKey(WIF().decode(wifOf(9)), true)).address!;

/** Alice spends `inputs` to `outputs` (an address, or a raw script such as a runestone). */
function spend(
  ledger: BitcoinSandboxLedger,
  inputs: readonly { txid: string; vout: number }[],
  outputs: readonly { to: string | Uint8Array; value: bigint }[],
) {
  const psbt = new Psbt({ network: networks.bitcoin });
  for (const { txid, vout } of inputs)
    psbt.addInput({
      hash: txid,
      index: vout,
      witnessUtxo: {
        script: addressCodec.toOutputScript(ALICE, networks.bitcoin),
        value: ledger.utxo(txid, vout)!.value,
      },
    });
  for (const { to, value } of outputs)
    psbt.addOutput(typeof to === 'string' ? { address: to, value } : { script: to, value });
  psbt.signAllInputs(p2wpkhSigner(ALICE_WIF));
  psbt.finalizeAllInputs();
  return ledger.submit(psbt.extractTransaction(true).toHex());
}

describe('OrdIndex over the sandbox ledger', () => {
  it('numbers sats in minting order, moves them first in first out, and loses the fee sats', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    const first = ledger.credit(ALICE, 50_000n);
    const second = ledger.credit(ALICE, 20_000n);
    expect(index.output(first, 0)?.satRanges).toEqual([[0n, 50_000n]]);
    expect(index.output(second, 0)?.satRanges).toEqual([[50_000n, 70_000n]]);
    expect(index.rareSats(index.output(second, 0)!.satRanges)).toEqual([
      { sat: 50_000n, rarity: 'UNCOMMON', height: 2 },
    ]);

    const sent = spend(
      ledger,
      [
        { txid: second, vout: 0 },
        { txid: first, vout: 0 },
      ],
      [
        { to: BOB, value: 30_000n },
        { to: ALICE, value: 39_000n },
      ],
    );
    expect(index.output(sent.txid, 0)?.satRanges).toEqual([
      [50_000n, 70_000n],
      [0n, 10_000n],
    ]);
    // [49 000, 50 000) paid the fee: no output holds it.
    expect(index.output(sent.txid, 1)?.satRanges).toEqual([[10_000n, 49_000n]]);
    expect(index.output(first, 0)).toBeUndefined();
    // Bob's output carries the mythic sat 0 and block 2's uncommon sat.
    expect(index.rareSats(index.output(sent.txid, 0)!.satRanges).map((sat) => sat.rarity)).toEqual([
      'UNCOMMON',
      'MYTHIC',
    ]);
  });

  it('indexes faucet inscriptions with their envelope content and follows them to a new owner', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    ledger.credit(ALICE, 5000n);
    const reveal = ledger.credit(ALICE, 10_000n, 'inscription');
    const fees = ledger.credit(ALICE, 20_000n);
    const id = `${reveal}i0`;
    expect(index.inscription(id)).toMatchObject({
      number: 0,
      sat: 5000n,
      contentType: 'text/plain;charset=utf-8',
      contentLength: 'svc sandbox inscription, block 2'.length,
      genesis: { txid: reveal, height: 2, address: ALICE, output: `${reveal}:0` },
      location: { output: `${reveal}:0`, address: ALICE, offset: 0n },
    });

    // The fee input first: the inscribed sat is the 20 001st sat in, so it lands in output 1 (Bob's) at offset 5000.
    const sent = spend(
      ledger,
      [
        { txid: fees, vout: 0 },
        { txid: reveal, vout: 0 },
      ],
      [
        { to: ALICE, value: 15_000n },
        { to: BOB, value: 14_000n },
      ],
    );
    const moved = index.inscription(id)!;
    expect(moved.location).toEqual({ output: `${sent.txid}:1`, address: BOB, offset: 5000n });
    expect(ledger.inscription(id)).toEqual({ txid: sent.txid, vout: 1, offset: 5000n });
    expect(moved.transfers.map(({ from, to, spentAsFee }) => ({ from, to, spentAsFee }))).toEqual([
      { from: null, to: ALICE, spentAsFee: false },
      { from: ALICE, to: BOB, spentAsFee: false },
    ]);
    expect(index.output(sent.txid, 1)?.inscriptions).toEqual([id]);
    expect(index.inscriptionActivityOf(BOB).map((transfer) => transfer.txid)).toEqual([sent.txid]);
    expect(index.inscriptionActivityOf(ALICE)).toHaveLength(2);
  });

  it('replays rune grants and runestones, records the runic transactions, and re-indexes after a reset', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    const dog = ledger.credit(ALICE, 10_000n, { rune: '840000:3', amount: 900n });
    const fees = ledger.credit(ALICE, 20_000n);
    const state = ledger.snapshot();
    // 300 to Bob, the rest to the pointer (Alice's change; by default it would go to the first output, Bob's).
    const runestone = encodeRunestone({
      edicts: [{ id: { block: 840000n, tx: 3n }, amount: 300n, output: 1 }],
      pointer: 2,
    });
    const sent = spend(
      ledger,
      [
        { txid: dog, vout: 0 },
        { txid: fees, vout: 0 },
      ],
      [
        { to: runestone, value: 0n },
        { to: BOB, value: 546n },
        { to: ALICE, value: 29_000n },
      ],
    );
    expect(index.output(sent.txid, 1)?.runes).toEqual(new Map([['840000:3', 300n]]));
    expect(index.output(sent.txid, 2)?.runes).toEqual(new Map([['840000:3', 600n]]));
    expect(index.runeActivityOf(BOB)).toMatchObject([
      {
        txid: sent.txid,
        messages: [{ rune: '840000:3', type: 'TRANSFER' }],
        inputs: [{ address: ALICE, output: `${dog}:0`, rune: '840000:3', amount: 900n }],
        outputs: [
          { address: BOB, output: `${sent.txid}:1`, amount: 300n },
          { address: ALICE, output: `${sent.txid}:2`, amount: 600n },
        ],
      },
    ]);
    expect(index.runeActivityOf(ALICE).map((tx) => tx.messages[0]!.type)).toEqual(['TRANSFER', 'MINT']);
    expect(index.runes().find((rune) => rune.id === '840000:3')).toMatchObject({
      number: 1,
      spacers: 0b10_0101_0100,
      granted: 900n,
      mints: 1,
      burned: 0n,
    });

    ledger.restore(state);
    expect(index.runeActivityOf(BOB)).toEqual([]);
    expect(index.output(dog, 0)?.runes).toEqual(new Map([['840000:3', 900n]]));
    expect(index.height).toBe(2);
  });

  it('tells whether a rune name is etched, reserved, available or locked at the sandbox height', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    ledger.credit(ALICE, 5000n);
    expect(index.runeName('UNCOMMONGOODS')).toMatchObject({ status: 'ETCHED', unlockHeight: 2500 });
    expect(index.runeName('AAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({ status: 'RESERVED' });
    expect(index.runeName('SATOSHI')).toMatchObject({ status: 'LOCKED' });
    const locked = index.runeName('SATOSHI')!;
    expect(locked.unlockTime).toBe(ledger.transactionsAfter(0)[0]!.blockTime + (locked.unlockHeight - 1) * 600);
    expect(index.runeName('BCGDENLQRQWDSLRUGSNLBTMFIJAW')).toBeUndefined();
  });
});
