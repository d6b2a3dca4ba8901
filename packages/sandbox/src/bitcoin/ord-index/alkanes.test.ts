import { secp256k1 } from '@noble/curves/secp256k1';
import { p2wpkh, WIF } from '@scure/btc-signer';
import { address as addressCodec, networks, Psbt } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { encodeProtostones, encodeRunestone, p2wpkhSigner } from '@svc/chains';
import { BitcoinSandboxLedger } from '../ledger.js';
import { OrdIndex } from './ord-index.js';

const wifOf = (seed: number) => WIF().encode(new Uint8Array(32).fill(seed));
const ALICE_WIF = wifOf(11);
const ALICE = p2wpkh(secp256k1.getPublicKey(WIF().decode(ALICE_WIF), true)).address!;
const BOB = p2wpkh(secp256k1.getPublicKey(WIF().decode(wifOf(12)), true)).address!;
const CAROL = p2wpkh(secp256k1.getPublicKey(WIF().decode(wifOf(13)), true)).address!;
const DIESEL = '2:0';
const METHANE = '2:16';
/** A plain OP_RETURN (not a runestone). */
const DATA = Uint8Array.from([0x6a, 0x04, 0x73, 0x76, 0x63, 0x21]);

/** Alice spends `inputs` to `outputs` (an address, or a raw script such as a runestone). */
function spend(
  ledger: BitcoinSandboxLedger,
  inputs: readonly (string | { txid: string; vout: number })[],
  outputs: readonly { to: string | Uint8Array; value: bigint }[],
): string {
  const psbt = new Psbt({ network: networks.bitcoin });
  for (const input of inputs) {
    // A txid alone is its output 0 (a faucet grant's).
    const { txid, vout } = typeof input === 'string' ? { txid: input, vout: 0 } : input;
    psbt.addInput({
      hash: txid,
      index: vout,
      witnessUtxo: {
        script: addressCodec.toOutputScript(ALICE, networks.bitcoin),
        value: ledger.utxo(txid, vout)!.value,
      },
    });
  }
  for (const { to, value } of outputs)
    psbt.addOutput(typeof to === 'string' ? { address: to, value } : { script: to, value });
  psbt.signAllInputs(p2wpkhSigner(ALICE_WIF));
  psbt.finalizeAllInputs();
  return ledger.submit(psbt.extractTransaction(true).toHex()).txid;
}

/** A runestone whose protocol field carries one alkanes protostone. */
const protostone = (edicts: { alkane: string; amount: bigint; output: number }[], pointer?: number) =>
  encodeRunestone({
    edicts: [],
    protocol: encodeProtostones([
      {
        protocolTag: 1n,
        edicts: edicts.map(({ alkane, amount, output }) => {
          const [block, tx] = alkane.split(':').map(BigInt) as [bigint, bigint];
          return { id: { block, tx }, amount, output };
        }),
        pointer,
      },
    ]),
  });

const balances = (index: OrdIndex, address: string) =>
  index.alkaneOutputsOf(address).map((out) => [out.vout, Object.fromEntries(out.alkanes)]);
const alkane = (index: OrdIndex, id: string) => index.alkanes().find((known) => known.id === id)!;

describe('the alkanes of the ordinals index (protorune balances)', () => {
  it('counts a faucet grant as a mint on output 0, with supply and holders', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    const granted = ledger.credit(ALICE, 10_000n, { alkane: DIESEL, amount: 700n });
    ledger.credit(BOB, 10_000n, { alkane: DIESEL, amount: 300n });
    expect(index.alkaneOutputsOf(ALICE)).toEqual([
      { txid: granted, vout: 0, address: ALICE, value: 10_000n, alkanes: new Map([[DIESEL, 700n]]) },
    ]);
    expect(alkane(index, DIESEL)).toMatchObject({
      name: 'DIESEL',
      type: 'TOKEN',
      minted: 1000n,
      mints: 2,
      burned: 0n,
      supply: 1000n,
      holders: 2,
      firstMint: { txid: granted, height: 1 },
    });
    expect(alkane(index, METHANE)).toMatchObject({ minted: 0n, mints: 0, supply: 0n, holders: 0, firstMint: null });
  });

  it('moves alkanes by protostone edicts, the rest to the protostone pointer', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    const diesel = ledger.credit(ALICE, 10_000n, { alkane: DIESEL, amount: 1000n });
    const methane = ledger.credit(ALICE, 10_000n, { alkane: METHANE, amount: 50n });
    spend(
      ledger,
      [diesel, methane],
      [
        { to: protostone([{ alkane: DIESEL, amount: 400n, output: 1 }], 2), value: 0n },
        { to: BOB, value: 5_000n },
        { to: CAROL, value: 5_000n },
        { to: ALICE, value: 9_000n },
      ],
    );
    expect(balances(index, BOB)).toEqual([[1, { [DIESEL]: 400n }]]);
    expect(balances(index, CAROL)).toEqual([[2, { [DIESEL]: 600n, [METHANE]: 50n }]]);
    expect(balances(index, ALICE)).toEqual([]);
    expect(alkane(index, DIESEL)).toMatchObject({ supply: 1000n, burned: 0n, holders: 2 });
  });

  it('send them to the first output that is not OP_RETURN without a runestone (the runes default)', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    const granted = ledger.credit(ALICE, 10_000n, { alkane: DIESEL, amount: 1000n });
    spend(
      ledger,
      [granted],
      [
        { to: DATA, value: 0n },
        { to: BOB, value: 5_000n },
        { to: ALICE, value: 4_000n },
      ],
    );
    expect(balances(index, BOB)).toEqual([[1, { [DIESEL]: 1000n }]]);
    expect(balances(index, ALICE)).toEqual([]);
  });

  it('burn what an edict gives an OP_RETURN output, and everything a cenotaph spends', () => {
    const ledger = new BitcoinSandboxLedger();
    const index = new OrdIndex(ledger);
    const first = ledger.credit(ALICE, 10_000n, { alkane: DIESEL, amount: 1000n });
    spend(
      ledger,
      [first],
      [
        { to: protostone([{ alkane: DIESEL, amount: 250n, output: 0 }]), value: 0n },
        { to: ALICE, value: 9_000n },
      ],
    );
    expect(balances(index, ALICE).map(([, held]) => held)).toEqual([{ [DIESEL]: 750n }]);
    expect(alkane(index, DIESEL)).toMatchObject({ minted: 1000n, burned: 250n, supply: 750n, holders: 1 });

    // An unknown even tag (24) makes the runestone a cenotaph.
    const cenotaph = Uint8Array.from([0x6a, 0x5d, 0x02, 0x18, 0x01]);
    spend(
      ledger,
      [index.alkaneOutputsOf(ALICE)[0]!],
      [
        { to: cenotaph, value: 0n },
        { to: BOB, value: 8_000n },
      ],
    );
    expect(balances(index, BOB)).toEqual([]);
    expect(alkane(index, DIESEL)).toMatchObject({ burned: 1000n, supply: 0n, holders: 0 });
  });

  it('replay alkane grants from the ledger file format', () => {
    const ledger = new BitcoinSandboxLedger();
    ledger.credit(ALICE, 10_000n, { alkane: METHANE, amount: 42n });
    const snapshot = JSON.parse(JSON.stringify(ledger.snapshot())) as ReturnType<BitcoinSandboxLedger['snapshot']>;
    expect(snapshot.transactions[0]!.grant).toEqual({ alkane: METHANE, amount: '42' });
    const restored = new BitcoinSandboxLedger();
    restored.restore(snapshot);
    expect(balances(new OrdIndex(restored), ALICE)).toEqual([[0, { [METHANE]: 42n }]]);
    expect(() => restored.credit(ALICE, 10_000n, { alkane: '9:9', amount: 1n })).toThrow(/unknown_alkane/);
  });
});
