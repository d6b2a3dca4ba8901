import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1';
import { p2wpkh, WIF } from '@scure/btc-signer';
import { address as addressCodec, networks, Psbt, Transaction } from 'bitcoinjs-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCounterpartyMessage, encodeCounterpartySend, p2wpkhSigner } from '@svc/chains';
import { counterpartyRoute } from './counterparty-api.js';
import { CounterpartySandboxLedger } from './counterparty-ledger.js';
import { HttpError } from './http-error.js';
import { BitcoinSandboxLedger } from './ledger.js';
import { sandboxStampsKey, submitIssuance } from './seeds/stamps.js';

const ALICE_WIF = WIF().encode(new Uint8Array(32).fill(7));
const ALICE = p2wpkh(secp256k1.getPublicKey(WIF().decode(ALICE_WIF), true)).address;
const BOB = p2wpkh(secp256k1.getPublicKey(WIF().decode(WIF().encode(new Uint8Array(32).fill(9))), true)).address;
const XCP = 100_000_000n;

/** Signs an unsigned transaction spending Alice's segwit outputs (what sendXCP does with a composed send). */
function signAsAlice(ledger: BitcoinSandboxLedger, unsignedHex: string): string {
  const unsigned = Transaction.fromHex(unsignedHex);
  const psbt = new Psbt({ network: networks.bitcoin });
  for (const input of unsigned.ins) {
    const txid = Buffer.from(input.hash).reverse().toString('hex');
    psbt.addInput({
      hash: txid,
      index: input.index,
      witnessUtxo: { script: addressCodec.toOutputScript(ALICE), value: ledger.utxo(txid, input.index)!.value },
    });
  }
  for (const output of unsigned.outs) psbt.addOutput({ script: output.script, value: output.value });
  psbt.signAllInputs(p2wpkhSigner(ALICE_WIF));
  psbt.finalizeAllInputs();
  return psbt.extractTransaction().toHex();
}

/** A signed send built by hand: any quantity, any asset, no balance check (what compose refuses to build). */
function handBuiltSend(ledger: BitcoinSandboxLedger, asset: string, quantity: bigint): string {
  const [coin] = ledger.utxosOf(ALICE);
  const tx = new Transaction();
  tx.addInput(Buffer.from(coin!.txid, 'hex').reverse(), coin!.vout);
  tx.addOutput(encodeCounterpartySend({ asset, quantity, destination: BOB }, coin!.txid), 0n);
  tx.addOutput(addressCodec.toOutputScript(ALICE), coin!.value - 1_000n);
  return signAsAlice(ledger, tx.toHex());
}

function compose(ledger: BitcoinSandboxLedger, counterparty: CounterpartySandboxLedger, query: Record<string, string>) {
  return counterpartyRoute(
    ledger,
    counterparty,
    ['v2', 'addresses', ALICE, 'compose', 'send'],
    new URLSearchParams(query),
  ) as { result: { rawtransaction: string; btc_fee: number } };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('CounterpartySandboxLedger over the sandbox Bitcoin ledger', () => {
  it('credits faucet grants, and moves exactly the quantity of a composed, signed, mined send', () => {
    const ledger = new BitcoinSandboxLedger();
    const counterparty = new CounterpartySandboxLedger(ledger);
    ledger.credit(ALICE, 10_000n, { asset: 'XCP', quantity: 5n * XCP });
    ledger.credit(ALICE, 10_000n, { asset: 'RAREPEPE', quantity: 3n });
    ledger.credit(ALICE, 50_000n);
    expect(counterparty.balancesOf(ALICE)).toEqual(
      new Map([
        ['XCP', 5n * XCP],
        ['RAREPEPE', 3n],
      ]),
    );

    const { result } = compose(ledger, counterparty, {
      asset: 'XCP',
      quantity: String(2n * XCP + 1n),
      destination: BOB,
      sat_per_vbyte: '2',
    });
    const unsigned = Transaction.fromHex(result.rawtransaction);
    const firstInput = Buffer.from(unsigned.ins[0]!.hash).reverse().toString('hex');
    expect(
      decodeCounterpartyMessage(
        unsigned.outs.map((out) => out.script),
        firstInput,
      ),
    ).toEqual({ kind: 'send', send: { asset: 'XCP', quantity: 2n * XCP + 1n, destination: BOB } });
    const mined = ledger.submit(signAsAlice(ledger, result.rawtransaction));
    expect(mined.fee).toBe(BigInt(result.btc_fee));
    // The estimate covers the signed size at the asked rate.
    expect(Number(mined.fee)).toBeGreaterThanOrEqual(Transaction.fromHex(mined.hex).virtualSize() * 2);
    expect(counterparty.send(mined.txid)).toMatchObject({
      source: ALICE,
      destination: BOB,
      asset: 'XCP',
      quantity: 2n * XCP + 1n,
      status: 'valid',
    });
    expect(counterparty.balancesOf(BOB)).toEqual(new Map([['XCP', 2n * XCP + 1n]]));
    expect(counterparty.balanceOf(ALICE, 'XCP')).toBe(3n * XCP - 1n);
    expect(counterparty.supply('XCP')).toBe(5n * XCP);
  });

  it('records an insufficient or unknown-asset send as invalid and moves nothing (the Bitcoin transaction still confirms)', () => {
    const ledger = new BitcoinSandboxLedger();
    const counterparty = new CounterpartySandboxLedger(ledger);
    ledger.credit(ALICE, 100_000n, { asset: 'PEPECASH', quantity: 10n * XCP });
    const tooMuch = ledger.submit(handBuiltSend(ledger, 'PEPECASH', 10n * XCP + 1n));
    expect(counterparty.send(tooMuch.txid)).toMatchObject({
      status: 'invalid: insufficient funds',
      quantity: 10n * XCP + 1n,
    });
    const unknown = ledger.submit(handBuiltSend(ledger, 'NOSUCHASSET', 1n));
    expect(counterparty.send(unknown.txid)).toMatchObject({ status: 'invalid: no such asset' });
    expect(counterparty.balancesOf(ALICE)).toEqual(new Map([['PEPECASH', 10n * XCP]]));
    expect(counterparty.balancesOf(BOB)).toEqual(new Map());
    const exact = ledger.submit(handBuiltSend(ledger, 'PEPECASH', 10n * XCP));
    expect(counterparty.send(exact.txid)?.status).toBe('valid');
    expect(counterparty.balancesOf(ALICE)).toEqual(new Map());
    expect(counterparty.balancesOf(BOB)).toEqual(new Map([['PEPECASH', 10n * XCP]]));
  });

  it("compose refuses unknown assets, insufficient asset funds and insufficient BTC with counterparty-core's 4xx", () => {
    const ledger = new BitcoinSandboxLedger();
    const counterparty = new CounterpartySandboxLedger(ledger);
    ledger.credit(ALICE, 300n, { asset: 'XCP', quantity: XCP });
    const refusal = (query: Record<string, string>) => {
      try {
        compose(ledger, counterparty, query);
      } catch (error) {
        expect(error).toBeInstanceOf(HttpError);
        return [(error as HttpError).status, ((error as HttpError).body as { error: string }).error];
      }
      throw new Error('composed');
    };
    expect(refusal({ asset: 'NOSUCHASSET', quantity: '1', destination: BOB })).toEqual([
      404,
      'Asset NOSUCHASSET not found',
    ]);
    expect(refusal({ asset: 'XCP', quantity: String(XCP + 1n), destination: BOB })[1]).toMatch(/insufficient funds/);
    expect(refusal({ asset: 'XCP', quantity: '1', destination: BOB, sat_per_vbyte: '5' })[1]).toMatch(
      /^Insufficient BTC at address/,
    );
    expect(refusal({ asset: 'XCP', quantity: '1', destination: 'nowhere' })[1]).toMatch(/destination/);
  });

  it("rebuilds the same balances from the Bitcoin ledger's file", () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcp-ledger-'));
    dirs.push(dir);
    const file = join(dir, 'bitcoin.json');
    const ledger = new BitcoinSandboxLedger({ file });
    ledger.credit(ALICE, 100_000n, { asset: 'XCP', quantity: 7n * XCP });
    ledger.submit(handBuiltSend(ledger, 'XCP', 2n * XCP));
    const reloaded = new CounterpartySandboxLedger(new BitcoinSandboxLedger({ file }));
    expect(reloaded.balancesOf(ALICE)).toEqual(new Map([['XCP', 5n * XCP]]));
    expect(reloaded.balancesOf(BOB)).toEqual(new Map([['XCP', 2n * XCP]]));
    expect(() => ledger.credit(ALICE, 10_000n, { asset: 'NOSUCHASSET', quantity: 1n })).toThrow(/unknown_asset/);
  });
});

describe('Counterparty issuances on the sandbox ledger', () => {
  const ISSUER = sandboxStampsKey('issuance test issuer');
  const OTHER = sandboxStampsKey('issuance test other');
  const NUMERIC = 'A95428956661682177';
  const issuance = (overrides: Partial<Parameters<typeof submitIssuance>[2]> = {}) => ({
    asset: NUMERIC,
    quantity: 10n,
    divisible: false,
    lock: false,
    reset: false,
    description: 'first',
    ...overrides,
  });

  function setup() {
    const ledger = new BitcoinSandboxLedger();
    const counterparty = new CounterpartySandboxLedger(ledger);
    for (const key of [ISSUER, OTHER]) ledger.credit(key.address, 1_000_000n);
    const statusOf = (txid: string) => counterparty.issuances().find((record) => record.txid === txid)!.status;
    return { ledger, counterparty, statusOf };
  }

  it('the first issuance creates the asset, with its issuer, divisibility and description, and credits the issuer', () => {
    const { ledger, counterparty } = setup();
    submitIssuance(ledger, ISSUER, issuance({ description: 'STAMP:abc' }));
    expect(counterparty.issuedAsset(NUMERIC)).toEqual({
      asset: NUMERIC,
      divisible: false,
      description: 'STAMP:abc',
      issuer: ISSUER.address,
      locked: false,
    });
    expect(counterparty.balanceOf(ISSUER.address, NUMERIC)).toBe(10n);
    expect(counterparty.issuances()[0]).toMatchObject({ first: true, status: 'valid', source: ISSUER.address });
  });

  it('the issuer may reissue: the quantity adds up and the new description replaces the old', () => {
    const { ledger, counterparty } = setup();
    submitIssuance(ledger, ISSUER, issuance());
    submitIssuance(ledger, ISSUER, issuance({ quantity: 5n, description: 'second' }));
    expect(counterparty.supply(NUMERIC)).toBe(15n);
    expect(counterparty.issuedAsset(NUMERIC)!.description).toBe('second');
    expect(counterparty.issuances()[1]!.first).toBe(false);
  });

  it('refuses a reissuance by another address, of a locked asset, or changing divisibility', () => {
    const { ledger, counterparty, statusOf } = setup();
    submitIssuance(ledger, ISSUER, issuance({ lock: true }));
    expect(statusOf(submitIssuance(ledger, OTHER, issuance()))).toBe('invalid: issued by another address');
    expect(statusOf(submitIssuance(ledger, ISSUER, issuance()))).toBe('invalid: locked asset and non-zero quantity');
    const divisible = submitIssuance(ledger, ISSUER, issuance({ asset: 'A95428956661682178' }));
    expect(statusOf(divisible)).toBe('valid');
    expect(statusOf(submitIssuance(ledger, ISSUER, issuance({ asset: 'A95428956661682178', divisible: true })))).toBe(
      'invalid: cannot change divisibility',
    );
    expect(counterparty.supply(NUMERIC)).toBe(10n);
    expect(counterparty.balanceOf(OTHER.address, NUMERIC)).toBe(0n);
  });

  it('a named asset costs its issuer 0.5 XCP, and is invalid without it; the faucet assets cannot be issued', () => {
    const { ledger, counterparty, statusOf } = setup();
    expect(statusOf(submitIssuance(ledger, ISSUER, issuance({ asset: 'SANDBOXART' })))).toBe(
      'invalid: insufficient funds',
    );
    ledger.credit(ISSUER.address, 10_000n, { asset: 'XCP', quantity: XCP });
    expect(statusOf(submitIssuance(ledger, ISSUER, issuance({ asset: 'SANDBOXART' })))).toBe('valid');
    expect(counterparty.balanceOf(ISSUER.address, 'XCP')).toBe(XCP / 2n);
    expect(statusOf(submitIssuance(ledger, ISSUER, issuance({ asset: 'PEPECASH' })))).toBe(
      'invalid: cannot issue PEPECASH',
    );
  });

  it('an issued asset is known to sends and to the Counterparty API, with its issuer, and lists its holders', () => {
    const { ledger, counterparty } = setup();
    submitIssuance(ledger, ISSUER, issuance());
    expect(counterparty.asset(NUMERIC)).toMatchObject({ asset: NUMERIC, divisible: false });
    expect(counterparty.holdersOf(NUMERIC)).toEqual(new Map([[ISSUER.address, 10n]]));
    expect(counterpartyRoute(ledger, counterparty, ['v2', 'assets', NUMERIC], new URLSearchParams())).toMatchObject({
      result: { asset: NUMERIC, issuer: ISSUER.address, owner: ISSUER.address, locked: false, supply: 10 },
    });
  });
});
