import { encodeCounterpartySend } from '@svc/chains';
import { useMockAgent } from '@svc/providers/testing';
import { address as addressCodec, Transaction } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { counterpartyOf, liveBitcoinChain } from './bitcoin-chain.js';
import { checkComposedSend } from './composed-send.js';
import { CounterpartyClient } from './counterparty-client.js';
import asset from './fixtures/counterparty-asset.json' with { type: 'json' };
import page1 from './fixtures/counterparty-balances-page1.json' with { type: 'json' };
import composed from './fixtures/counterparty-compose-send.json' with { type: 'json' };

const ORIGIN = 'https://api.counterparty.example:4000';
const SOURCE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const DESTINATION = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const COIN = { txid: 'e5b1f3b7a3c4d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7', vout: 1, value: 100_000n };
const JSON_HEADERS = { 'content-type': 'application/json' };
const SEND = { asset: 'PEPECASH', quantity: 250_000_000n, destination: DESTINATION };
const readFixture = async (name: string) => (await import('node:fs/promises')).readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('CounterpartyClient against recorded Counterparty API v2 responses', () => {
  const mockAgent = useMockAgent();
  const expectGet = (path: string, query?: Record<string, string>) => mockAgent().get(ORIGIN).intercept({ method: 'GET', path, ...(query ? { query } : {}) });

  it('reads every page of an address\'s verbose balances, exact above 2^53, with UTXO-attached balances marked', async () => {
    expectGet(`/v2/addresses/${SOURCE}/balances`, { verbose: 'true', limit: '1000' }).reply(200, page1, { headers: JSON_HEADERS });
    // Sent as text: the quantity above 2^53 must reach the client as the API wrote it.
    expectGet(`/v2/addresses/${SOURCE}/balances`, { verbose: 'true', limit: '1000', cursor: '2' }).reply(200, await readFixture('counterparty-balances-page2.json'), { headers: JSON_HEADERS });
    expect(await new CounterpartyClient(`${ORIGIN}/`).balances(SOURCE)).toEqual([
      { asset: 'XCP', longname: null, divisible: true, quantity: 150_000_000n, utxo: null },
      { asset: 'A95428956661682177', longname: 'PEPECASH.my_sub', divisible: false, quantity: 5n, utxo: `${COIN.txid}:0` },
      { asset: 'PEPECASH', longname: null, divisible: true, quantity: 12_345_678_901_234_567_890n, utxo: null },
    ]);
  });

  it('reads one asset; 404 is undefined, a 5xx or another shape is an upstream error', async () => {
    expectGet('/v2/assets/PEPECASH').reply(200, asset, { headers: JSON_HEADERS });
    expect(await new CounterpartyClient(ORIGIN).asset('PEPECASH')).toEqual({ asset: 'PEPECASH', longname: null, divisible: true });
    expectGet('/v2/assets/NOSUCHASSET').reply(404, { error: 'Not found' }, { headers: JSON_HEADERS });
    expect(await new CounterpartyClient(ORIGIN).asset('NOSUCHASSET')).toBeUndefined();
    expectGet('/v2/assets/PEPECASH').reply(500, 'boom');
    await expect(new CounterpartyClient(ORIGIN).asset('PEPECASH')).rejects.toMatchObject({ code: 'upstream_error', status: 502 });
    expectGet('/v2/assets/PEPECASH').reply(200, { result: { asset: 'PEPECASH' } }, { headers: JSON_HEADERS });
    await expect(new CounterpartyClient(ORIGIN).asset('PEPECASH')).rejects.toMatchObject({ code: 'upstream_error' });
  });

  it('composes a send with the vault\'s inputs and rate; a 400 passes the node\'s reason on as a 400', async () => {
    const query = { asset: 'PEPECASH', quantity: '250000000', destination: DESTINATION, sat_per_vbyte: '7.5', inputs_set: `${COIN.txid}:1` };
    expectGet(`/v2/addresses/${SOURCE}/compose/send`, query).reply(200, composed, { headers: JSON_HEADERS });
    const request = { source: SOURCE, asset: 'PEPECASH', quantity: 250_000_000n, destination: DESTINATION, satPerVbyte: 7.5, inputs: [COIN] };
    expect(await new CounterpartyClient(ORIGIN).composeSend(request)).toEqual({ rawTransaction: composed.result.rawtransaction, feeSats: 1570n });
    const reason = "['insufficient funds for PEPECASH']";
    expectGet(`/v2/addresses/${SOURCE}/compose/send`, query).reply(400, { error: reason }, { headers: JSON_HEADERS });
    await expect(new CounterpartyClient(ORIGIN).composeSend(request)).rejects.toMatchObject({ code: 'invalid_input', status: 400, extra: { reason } });
  });

  it('without COUNTERPARTY_API_URL the Counterparty tools answer 503 naming it', async () => {
    const context = (bitcoin: HandlerContext['bitcoin']) => ({ bitcoin }) as HandlerContext;
    await expect(counterpartyOf(context(liveBitcoinChain({ esploraUrl: ORIGIN })))).rejects.toMatchObject({ code: 'not_configured', status: 503, extra: { setting: 'COUNTERPARTY_API_URL' } });
    await expect(counterpartyOf(context(undefined))).rejects.toMatchObject({ code: 'not_configured', extra: { setting: 'COUNTERPARTY_API_URL' } });
  });
});

describe('checkComposedSend: what the vault signs', () => {
  const changeScript = addressCodec.toOutputScript(SOURCE);
  const expected = { send: SEND, coins: [COIN], changeScript, maxFeeSats: 1570n };
  /** The fixture's transaction with its outputs replaced. */
  const withOutputs = (outputs: [Uint8Array, bigint][], coin = COIN) => {
    const tx = new Transaction();
    tx.version = 2;
    tx.addInput(Buffer.from(coin.txid, 'hex').reverse(), coin.vout);
    for (const [script, value] of outputs) tx.addOutput(script, value);
    return tx.toHex();
  };

  it('accepts the recorded compose answer: the asked send, the offered coin, change to the vault', () => {
    const checked = checkComposedSend(composed.result.rawtransaction, expected);
    expect(checked.inputs).toEqual([COIN]);
    expect(checked.feeSats).toBe(1570n);
    expect(checked.outputs.map((out) => out.value)).toEqual([0n, 98_430n]);
  });

  it('refuses another send, a foreign input, a foreign output and an excessive fee, before anything is signed', () => {
    const message = (send = SEND, key = COIN.txid) => encodeCounterpartySend(send, key);
    const refusal = (hex: string) => expect(() => checkComposedSend(hex, expected)).toThrow(/will not sign/);
    refusal(withOutputs([[message({ ...SEND, quantity: SEND.quantity + 1n }), 0n], [changeScript, 98_430n]]));
    refusal(withOutputs([[message({ ...SEND, destination: SOURCE }), 0n], [changeScript, 98_430n]]));
    refusal(withOutputs([[message(SEND, 'ab'.repeat(32)), 0n], [changeScript, 98_430n]]));
    refusal(withOutputs([[message(), 0n], [addressCodec.toOutputScript(DESTINATION), 98_430n]]));
    refusal(withOutputs([[message(), 0n], [changeScript, 90_000n]]));
    refusal(withOutputs([[message(SEND, 'cd'.repeat(32)), 0n], [changeScript, 98_430n]], { txid: 'cd'.repeat(32), vout: 0, value: 100_000n }));
    refusal('00');
  });
});
