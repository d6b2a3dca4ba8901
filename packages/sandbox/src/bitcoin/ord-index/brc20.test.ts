import { secp256k1 } from '@noble/curves/secp256k1';
import { p2wpkh, WIF } from '@scure/btc-signer';
import { address as addressCodec, networks, Psbt } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { p2wpkhSigner } from '@svc/chains';
import { BitcoinSandboxLedger } from '../ledger.js';
import { parseAmount } from './brc20.js';
import { OrdIndex } from './ord-index.js';

const wifOf = (seed: number) => WIF().encode(new Uint8Array(32).fill(seed));
const ALICE_WIF = wifOf(7);
const BOB_WIF = wifOf(9);
const addressOf = (wif: string) => p2wpkh(secp256k1.getPublicKey(WIF().decode(wif), true)).address!;
const ALICE = addressOf(ALICE_WIF);
const BOB = addressOf(BOB_WIF);

/** A chain and its index, with helpers to inscribe BRC-20 JSON and to let Alice spend. */
function chain() {
  const ledger = new BitcoinSandboxLedger();
  const index = new OrdIndex(ledger);
  const inscribe = (to: string, body: unknown, options: { contentType?: string; parent?: string } = {}) =>
    `${ledger.credit(to, 10_000n, {
      inscription: {
        contentType: options.contentType ?? 'text/plain;charset=utf-8',
        body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
        parent: options.parent,
      },
    })}i0`;
  const op = (to: string, fields: Record<string, unknown>, options?: { contentType?: string; parent?: string }) =>
    inscribe(to, { p: 'brc-20', ...fields }, options);
  /** The owner of `wif` (Alice by default) spends outputs (each "txid:vout") to `outputs`. */
  const spend = (inputs: readonly string[], outputs: readonly { to: string; value: bigint }[], wif = ALICE_WIF) => {
    const psbt = new Psbt({ network: networks.bitcoin });
    for (const input of inputs) {
      const [txid, vout] = input.split(':') as [string, string];
      psbt.addInput({
        hash: txid,
        index: Number(vout),
        witnessUtxo: {
          script: addressCodec.toOutputScript(addressOf(wif), networks.bitcoin),
          value: ledger.utxo(txid, Number(vout))!.value,
        },
      });
    }
    for (const { to, value } of outputs) psbt.addOutput({ address: to, value });
    psbt.signAllInputs(p2wpkhSigner(wif));
    psbt.finalizeAllInputs();
    return ledger.submit(psbt.extractTransaction(true).toHex()).txid;
  };
  const balance = (address: string, tick: string) =>
    index.brc20BalancesOf(address).find((held) => held.tick.toLowerCase() === tick) ?? {
      balance: '0',
      available: '0',
      transferable: '0',
    };
  return { ledger, index, op, inscribe, spend, balance };
}

const outputOf = (id: string) => `${id.slice(0, 64)}:0`;

describe('BRC-20 numbers', () => {
  it('are digit strings with at most `dec` fraction digits and at most 2^64 - 1 whole units', () => {
    expect(parseAmount('1000', 18)).toBe(1000n * 10n ** 18n);
    expect(parseAmount('0.5', 1)).toBe(5n);
    expect(parseAmount('0.55', 1)).toBeUndefined();
    for (const bad of [1000, '1e3', '-1', '+1', '1.', '.5', ' 1', '0x10', '18446744073709551616'])
      expect(parseAmount(bad, 18)).toBeUndefined();
    expect(parseAmount('18446744073709551615', 0)).toBe(2n ** 64n - 1n);
  });
});

describe('the BRC-20 index', () => {
  it('keeps the first deploy of a ticker in any case and refuses malformed deploys', () => {
    const { index, op, inscribe } = chain();
    op(ALICE, { op: 'deploy', tick: 'Ordi', max: '21000000', lim: '1000' });
    op(BOB, { op: 'deploy', tick: 'ORDI', max: '5', lim: '5' });
    op(ALICE, { op: 'deploy', tick: 'dec9', max: '10', dec: '19' });
    op(ALICE, { op: 'deploy', tick: 'zero', max: '0' });
    op(ALICE, { op: 'deploy', tick: 'nums', max: 100 });
    op(ALICE, { op: 'deploy', tick: 'thr', max: '100' });
    op(ALICE, { op: 'deploy', tick: 'pngs', max: '100' }, { contentType: 'image/png' });
    inscribe(ALICE, { p: 'brc-21', op: 'deploy', tick: 'brcx', max: '100' });
    inscribe(ALICE, '{"p":"brc-20","op":"deploy","tick":"junk","max":"1"');
    op(ALICE, { op: 'deploy', tick: 'json', max: '7', dec: '0' }, { contentType: 'application/json' });
    expect(index.brc20Tokens().map((token) => [token.tick, token.max, token.limit, token.decimals])).toEqual([
      ['Ordi', '21000000', '1000', 18],
      ['json', '7', '7', 0],
    ]);
    expect(index.brc20Token('oRDI')?.deployer).toBe(ALICE);
  });

  it('credits mints up to the limit, caps the one reaching max and refuses the rest', () => {
    const { index, op, balance } = chain();
    op(ALICE, { op: 'mint', tick: 'rats', amt: '1' });
    op(ALICE, { op: 'deploy', tick: 'rats', max: '1000', lim: '400', dec: '1' });
    op(ALICE, { op: 'mint', tick: 'RATS', amt: '400' });
    op(BOB, { op: 'mint', tick: 'rats', amt: '400.1' });
    op(BOB, { op: 'mint', tick: 'rats', amt: '0.15' });
    op(BOB, { op: 'mint', tick: 'rats', amt: '0' });
    op(BOB, { op: 'mint', tick: 'rats', amt: '399.5' });
    op(BOB, { op: 'mint', tick: 'rats', amt: '400' });
    op(ALICE, { op: 'mint', tick: 'rats', amt: '1' });
    expect(balance(ALICE, 'rats').balance).toBe('400');
    // 399.5, then 200.5 of the 400 asked: what was left of the 1000.
    expect(balance(BOB, 'rats').balance).toBe('600');
    expect(index.brc20Token('rats')).toMatchObject({ minted: '1000', holders: 2 });
    expect(index.brc20ActivityOf(BOB).map((event) => [event.type, event.amount])).toEqual([
      ['MINT', '200.5'],
      ['MINT', '399.5'],
    ]);
  });

  it('takes 5-byte tickers only self-minted, minted by children of the deploy', () => {
    const { index, op, balance } = chain();
    op(ALICE, { op: 'deploy', tick: 'pizza', max: '100' });
    const deploy = op(ALICE, { op: 'deploy', tick: 'pizza', max: '0', lim: '10', self_mint: 'true' });
    op(ALICE, { op: 'mint', tick: 'pizza', amt: '10' });
    op(BOB, { op: 'mint', tick: 'pizza', amt: '10' }, { parent: deploy });
    expect(index.brc20Token('PIZZA')).toMatchObject({ selfMint: true, max: '18446744073709551615', minted: '10' });
    expect(balance(ALICE, 'pizza').balance).toBe('0');
    expect(balance(BOB, 'pizza').balance).toBe('10');
  });

  it('moves a transfer inscription’s amount once: to the receiver, back to the sender as a fee or to itself', () => {
    const { ledger, index, op, spend, balance } = chain();
    op(ALICE, { op: 'deploy', tick: 'ordi', max: '21000000', lim: '1000' });
    op(ALICE, { op: 'mint', tick: 'ordi', amt: '1000' });
    const tooMuch = op(ALICE, { op: 'transfer', tick: 'ordi', amt: '1000.1' });
    const toBob = op(ALICE, { op: 'transfer', tick: 'ordi', amt: '300' });
    expect(balance(ALICE, 'ordi')).toMatchObject({ balance: '1000', available: '700', transferable: '300' });
    expect(index.brc20ActionOf(tooMuch)).toBeUndefined();
    expect(index.brc20ActionOf(toBob)).toEqual({ type: 'TRANSFER', tick: 'ordi' });

    const sent = spend([outputOf(toBob)], [{ to: BOB, value: 9_000n }]);
    expect(balance(ALICE, 'ordi')).toMatchObject({ balance: '700', transferable: '0' });
    expect(balance(BOB, 'ordi')).toMatchObject({ balance: '300', available: '300' });
    // Sent on by Bob, the settled inscription moves nothing; nor does an inert one.
    spend([`${sent}:0`], [{ to: ALICE, value: 8_000n }], BOB_WIF);
    spend([outputOf(tooMuch)], [{ to: BOB, value: 9_000n }]);
    expect(balance(BOB, 'ordi').balance).toBe('300');
    expect(balance(ALICE, 'ordi').balance).toBe('700');

    // Spent as a fee: a 20 000-sat input first, one 19 000-sat output; the inscribed sat (the 20 001st) is the fee's.
    const lost = op(ALICE, { op: 'transfer', tick: 'ordi', amt: '100' });
    const funding = `${ledger.credit(ALICE, 20_000n)}:0`;
    spend([funding, outputOf(lost)], [{ to: ALICE, value: 19_000n }]);
    expect(balance(ALICE, 'ordi')).toMatchObject({ available: '700', transferable: '0' });
    // Sent to itself: back to available.
    const self = op(ALICE, { op: 'transfer', tick: 'ordi', amt: '200' });
    spend([outputOf(self)], [{ to: ALICE, value: 9_000n }]);
    expect(balance(ALICE, 'ordi')).toMatchObject({ available: '700', transferable: '0' });

    expect(
      index.brc20ActivityOf(BOB).map((event) => [event.type, event.from, event.to, event.amount, event.txid]),
    ).toEqual([['TRANSFER', ALICE, BOB, '300', sent]]);
    expect(index.brc20ActivityOf(ALICE).map((event) => event.type)).toEqual([
      'TRANSFER',
      'INSCRIBE_TRANSFER',
      'TRANSFER',
      'INSCRIBE_TRANSFER',
      'TRANSFER',
      'INSCRIBE_TRANSFER',
      'MINT',
      'DEPLOY',
    ]);
    expect(index.brc20Token('ordi')).toMatchObject({ minted: '1000', holders: 2 });
  });
});
