import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1';
import { p2tr, p2wpkh, WIF } from '@scure/btc-signer';
import { Psbt, Transaction, address as addressCodec, networks, payments, script as bscript } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { dustThreshold, p2trKeyPathSigner, p2wpkhSigner, taprootInternalKey } from '@svc/chains';
import { BitcoinLedgerError, BitcoinSandboxLedger } from './ledger.js';
import { startEsploraFacade } from './esplora-facade.js';

const wifOf = (seed: number) => WIF().encode(new Uint8Array(32).fill(seed));
const ALICE_WIF = wifOf(7);
const ALICE = p2wpkh(secp256k1.getPublicKey(WIF().decode(ALICE_WIF), true)).address;
const ALICE_TR_WIF = wifOf(8);
const ALICE_TR = p2tr(taprootInternalKey(ALICE_TR_WIF)).address;
const BOB = p2wpkh(secp256k1.getPublicKey(WIF().decode(wifOf(9)), true)).address;
const script = (address: string) => addressCodec.toOutputScript(address, networks.bitcoin);

interface Spend {
  readonly from?: 'segwit' | 'taproot';
  readonly inputs: readonly { txid: string; vout: number; value: bigint }[];
  readonly outputs: readonly { address: string; value: bigint }[];
}

/** A transaction built and signed with bitcoinjs-lib's Psbt, as the tools build them. */
function signed({ from = 'segwit', inputs, outputs }: Spend): string {
  const psbt = new Psbt({ network: networks.bitcoin });
  for (const input of inputs) {
    const owner = from === 'segwit' ? ALICE : ALICE_TR;
    psbt.addInput({
      hash: input.txid,
      index: input.vout,
      witnessUtxo: { script: script(owner), value: input.value },
      ...(from === 'taproot' ? { tapInternalKey: taprootInternalKey(ALICE_TR_WIF) } : {}),
    });
  }
  for (const output of outputs) psbt.addOutput({ address: output.address, value: output.value });
  psbt.signAllInputs(from === 'segwit' ? p2wpkhSigner(ALICE_WIF) : p2trKeyPathSigner(ALICE_TR_WIF));
  psbt.finalizeAllInputs();
  return psbt.extractTransaction(true).toHex();
}

/**
 * A P2WPKH spend signed straight on bitcoinjs-lib's Transaction (BIP-143 sighash), for what Psbt itself refuses to
 * build (outputs above inputs).
 */
function signedWithoutPsbt({ inputs, outputs }: Spend): string {
  const tx = new Transaction();
  tx.version = 2;
  for (const input of inputs) tx.addInput(Uint8Array.from(Buffer.from(input.txid, 'hex')).reverse(), input.vout);
  for (const output of outputs) tx.addOutput(script(output.address), output.value);
  const signer = p2wpkhSigner(ALICE_WIF);
  const scriptCode = payments.p2pkh({ pubkey: signer.publicKey }).output!;
  inputs.forEach((input, index) => {
    const hash = tx.hashForWitnessV0(index, scriptCode, input.value, Transaction.SIGHASH_ALL);
    tx.setWitness(index, [bscript.signature.encode(signer.sign(hash), Transaction.SIGHASH_ALL), signer.publicKey]);
  });
  return tx.toHex();
}

function refused(ledger: BitcoinSandboxLedger, hex: string): string {
  try {
    ledger.submit(hex);
  } catch (error) {
    expect(error).toBeInstanceOf(BitcoinLedgerError);
    return (error as BitcoinLedgerError).code;
  }
  throw new Error('transaction was accepted');
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('BitcoinSandboxLedger', () => {
  it('credits an address with a mined faucet transaction', () => {
    const ledger = new BitcoinSandboxLedger();
    const txid = ledger.credit(ALICE, 100_000n);
    expect(ledger.height).toBe(1);
    expect(ledger.balanceOf(ALICE)).toBe(100_000n);
    expect(ledger.utxosOf(ALICE)).toEqual([expect.objectContaining({ txid, vout: 0, value: 100_000n })]);
    expect(() => ledger.credit('bc1qnotanaddress', 1000n)).toThrow(/bad_address/);
    expect(() => ledger.credit(ALICE, 293n)).toThrow(/dust/);
  });

  it('mines a signed P2WPKH spend: the amount moves, change returns, the fee is inputs minus outputs', () => {
    const ledger = new BitcoinSandboxLedger();
    const funding = ledger.credit(ALICE, 100_000n);
    const hex = signed({
      inputs: [{ txid: funding, vout: 0, value: 100_000n }],
      outputs: [
        { address: BOB, value: 30_000n },
        { address: ALICE, value: 69_000n },
      ],
    });
    const confirmed = ledger.submit(hex);
    expect(confirmed).toMatchObject({ height: 2, fee: 1000n, txid: Transaction.fromHex(hex).getId() });
    expect(ledger.balanceOf(BOB)).toBe(30_000n);
    expect(ledger.balanceOf(ALICE)).toBe(69_000n);
    expect(ledger.spender(funding, 0)).toBe(confirmed.txid);
  });

  it('mines a signed taproot key-path spend', () => {
    const ledger = new BitcoinSandboxLedger();
    const funding = ledger.credit(ALICE_TR, 50_000n);
    ledger.submit(
      signed({
        from: 'taproot',
        inputs: [{ txid: funding, vout: 0, value: 50_000n }],
        outputs: [{ address: BOB, value: 49_000n }],
      }),
    );
    expect(ledger.balanceOf(BOB)).toBe(49_000n);
    expect(ledger.balanceOf(ALICE_TR)).toBe(0n);
  });

  it('rejects bad signatures, double spends, missing UTXOs, overspends, dust and too-low fees, changing nothing', () => {
    const ledger = new BitcoinSandboxLedger();
    const funding = ledger.credit(ALICE, 100_000n);
    const input = { txid: funding, vout: 0, value: 100_000n };

    // Signed for 100 000 sats in, but the output the input spends holds 100 000: claim another value and the sighash breaks.
    const forged = signed({ inputs: [{ ...input, value: 200_000n }], outputs: [{ address: BOB, value: 150_000n }] });
    expect(refused(ledger, forged)).toBe('bad_signature');
    const tampered = Transaction.fromHex(signed({ inputs: [input], outputs: [{ address: BOB, value: 90_000n }] }));
    tampered.outs[0]!.value = 99_000n;
    expect(refused(ledger, tampered.toHex())).toBe('bad_signature');

    expect(
      refused(ledger, signed({ inputs: [{ ...input, vout: 1 }], outputs: [{ address: BOB, value: 1000n }] })),
    ).toBe('missing_utxo');
    expect(refused(ledger, signedWithoutPsbt({ inputs: [input], outputs: [{ address: BOB, value: 100_001n }] }))).toBe(
      'outputs_exceed_inputs',
    );
    // The same builder's transaction is accepted when it balances: the overspend, not the builder, was refused.
    expect(
      ledger.check(signedWithoutPsbt({ inputs: [input], outputs: [{ address: BOB, value: 99_000n }] })),
    ).toHaveLength(1);
    expect(
      refused(
        ledger,
        signed({
          inputs: [input],
          outputs: [
            { address: BOB, value: 293n },
            { address: ALICE, value: 99_000n },
          ],
        }),
      ),
    ).toBe('dust');
    expect(refused(ledger, signed({ inputs: [input], outputs: [{ address: BOB, value: 100_000n }] }))).toBe(
      'fee_too_low',
    );
    expect(refused(ledger, 'zz')).toBe('malformed');
    expect(ledger.balanceOf(ALICE)).toBe(100_000n);
    expect(ledger.height).toBe(1);

    ledger.submit(signed({ inputs: [input], outputs: [{ address: BOB, value: 99_000n }] }));
    expect(refused(ledger, signed({ inputs: [input], outputs: [{ address: ALICE, value: 99_000n }] }))).toBe(
      'double_spend',
    );
    expect(ledger.balanceOf(BOB)).toBe(99_000n);
  });

  it('applies the standard dust limits', () => {
    expect(dustThreshold(script(ALICE))).toBe(294n);
    expect(dustThreshold(script(ALICE_TR))).toBe(330n);
    expect(dustThreshold(script('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'))).toBe(546n);
    expect(dustThreshold(script('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'))).toBe(540n);
  });

  it('keeps its transactions in a file and replays them on load', () => {
    const dir = mkdtempSync(join(tmpdir(), 'btc-ledger-'));
    dirs.push(dir);
    const file = join(dir, 'chains', 'bitcoin.json');
    const ledger = new BitcoinSandboxLedger({ file });
    const funding = ledger.credit(ALICE, 100_000n);
    ledger.submit(
      signed({
        inputs: [{ txid: funding, vout: 0, value: 100_000n }],
        outputs: [
          { address: BOB, value: 30_000n },
          { address: ALICE, value: 69_000n },
        ],
      }),
    );
    const reopened = new BitcoinSandboxLedger({ file });
    expect(reopened.height).toBe(2);
    expect(reopened.tipHash).toBe(ledger.tipHash);
    expect(reopened.balanceOf(ALICE)).toBe(69_000n);
    expect(reopened.balanceOf(BOB)).toBe(30_000n);
    expect(reopened.credit(ALICE, 1000n)).not.toBe(funding);
  });
});

describe('Esplora facade', () => {
  it('serves UTXOs, address stats, transactions, fee estimates, the tip, and takes raw transactions', async () => {
    const ledger = new BitcoinSandboxLedger();
    const facade = await startEsploraFacade(ledger);
    try {
      const funding = ledger.credit(ALICE, 100_000n);
      const get = async (path: string) => (await fetch(`${facade.url}${path}`)).json();
      expect(await get(`/address/${ALICE}/utxo`)).toEqual([
        {
          txid: funding,
          vout: 0,
          value: 100_000,
          status: expect.objectContaining({ confirmed: true, block_height: 1 }),
        },
      ]);
      const hex = signed({
        inputs: [{ txid: funding, vout: 0, value: 100_000n }],
        outputs: [
          { address: BOB, value: 30_000n },
          { address: ALICE, value: 69_000n },
        ],
      });
      const posted = await fetch(`${facade.url}/tx`, { method: 'POST', body: hex });
      const txid = await posted.text();
      expect(posted.status).toBe(200);
      expect(await (await fetch(`${facade.url}/tx/${txid}/hex`)).text()).toBe(hex);
      const tx = (await get(`/tx/${txid}`)) as {
        fee: number;
        vin: { prevout: { value: number } }[];
        vout: { scriptpubkey_address: string; value: number; scriptpubkey_type: string }[];
      };
      expect(tx.fee).toBe(1000);
      expect(tx.vin[0]!.prevout.value).toBe(100_000);
      expect(tx.vout[0]).toMatchObject({ scriptpubkey_address: BOB, value: 30_000, scriptpubkey_type: 'v0_p2wpkh' });
      expect(await get(`/address/${ALICE}`)).toMatchObject({
        chain_stats: {
          funded_txo_count: 2,
          funded_txo_sum: 169_000,
          spent_txo_count: 1,
          spent_txo_sum: 100_000,
          tx_count: 2,
        },
      });
      expect(await (await fetch(`${facade.url}/blocks/tip/height`)).text()).toBe('2');
      expect(await get('/fee-estimates')).toMatchObject({
        '1': expect.any(Number),
        '6': expect.any(Number),
        '144': expect.any(Number),
      });
      const again = await fetch(`${facade.url}/tx`, { method: 'POST', body: hex });
      expect(again.status).toBe(400);
      expect(await again.text()).toMatch(/duplicate/);
      expect((await fetch(`${facade.url}/tx/${'0'.repeat(64)}`)).status).toBe(404);
      expect((await fetch(`${facade.url}/address/nope/utxo`)).status).toBe(400);
    } finally {
      await facade.close();
    }
  });
});
