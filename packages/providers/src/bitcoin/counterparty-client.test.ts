import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import { CounterpartyClient } from './counterparty-client.js';
import asset from './fixtures/counterparty-asset.json' with { type: 'json' };
import page1 from './fixtures/counterparty-balances-page1.json' with { type: 'json' };
import composed from './fixtures/counterparty-compose-send.json' with { type: 'json' };

const ORIGIN = 'https://api.counterparty.example:4000';
const SOURCE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const DESTINATION = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const COIN = { txid: 'e5b1f3b7a3c4d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7', vout: 1, value: 100_000n };
const JSON_HEADERS = { 'content-type': 'application/json' };
const readFixture = async (name: string) =>
  (await import('node:fs/promises')).readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('CounterpartyClient against recorded Counterparty API v2 responses', () => {
  const mockAgent = useMockAgent();
  const expectGet = (path: string, query?: Record<string, string>) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path, ...(query ? { query } : {}) });

  it("reads every page of an address's verbose balances, exact above 2^53, with UTXO-attached balances marked", async () => {
    expectGet(`/v2/addresses/${SOURCE}/balances`, { verbose: 'true', limit: '1000' }).reply(200, page1, {
      headers: JSON_HEADERS,
    });
    // Sent as text: the quantity above 2^53 must reach the client as the API wrote it.
    expectGet(`/v2/addresses/${SOURCE}/balances`, { verbose: 'true', limit: '1000', cursor: '2' }).reply(
      200,
      await readFixture('counterparty-balances-page2.json'),
      { headers: JSON_HEADERS },
    );
    expect(await new CounterpartyClient(`${ORIGIN}/`).balances(SOURCE)).toEqual([
      { asset: 'XCP', longname: null, divisible: true, quantity: 150_000_000n, utxo: null },
      {
        asset: 'A95428956661682177',
        longname: 'PEPECASH.my_sub',
        divisible: false,
        quantity: 5n,
        utxo: `${COIN.txid}:0`,
      },
      { asset: 'PEPECASH', longname: null, divisible: true, quantity: 12_345_678_901_234_567_890n, utxo: null },
    ]);
  });

  it('reads one asset; 404 is undefined, a 5xx or another shape is an upstream error', async () => {
    expectGet('/v2/assets/PEPECASH').reply(200, asset, { headers: JSON_HEADERS });
    expect(await new CounterpartyClient(ORIGIN).asset('PEPECASH')).toEqual({
      asset: 'PEPECASH',
      longname: null,
      divisible: true,
    });
    expectGet('/v2/assets/NOSUCHASSET').reply(404, { error: 'Not found' }, { headers: JSON_HEADERS });
    expect(await new CounterpartyClient(ORIGIN).asset('NOSUCHASSET')).toBeUndefined();
    // A 5xx is retried (a GET), so it must outlast the retries to fail the call.
    expectGet('/v2/assets/NOSUCHASSET2').reply(500, 'boom').times(3);
    await expect(new CounterpartyClient(ORIGIN).asset('NOSUCHASSET2')).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
    });
    expectGet('/v2/assets/ODDSHAPE').reply(200, { result: { asset: 'ODDSHAPE' } }, { headers: JSON_HEADERS });
    await expect(new CounterpartyClient(ORIGIN).asset('ODDSHAPE')).rejects.toMatchObject({ code: 'upstream_error' });
  });

  it("composes a send with the vault's inputs and rate; a 400 passes the node's reason on as a 400", async () => {
    const query = {
      asset: 'PEPECASH',
      quantity: '250000000',
      destination: DESTINATION,
      sat_per_vbyte: '7.5',
      inputs_set: `${COIN.txid}:1`,
    };
    expectGet(`/v2/addresses/${SOURCE}/compose/send`, query).reply(200, composed, { headers: JSON_HEADERS });
    const request = {
      source: SOURCE,
      asset: 'PEPECASH',
      quantity: 250_000_000n,
      destination: DESTINATION,
      satPerVbyte: 7.5,
      inputs: [COIN],
    };
    expect(await new CounterpartyClient(ORIGIN).composeSend(request)).toEqual({
      rawTransaction: composed.result.rawtransaction,
      feeSats: 1570n,
    });
    const reason = "['insufficient funds for PEPECASH']";
    expectGet(`/v2/addresses/${SOURCE}/compose/send`, query).reply(400, { error: reason }, { headers: JSON_HEADERS });
    await expect(new CounterpartyClient(ORIGIN).composeSend(request)).rejects.toMatchObject({
      code: 'invalid_input',
      status: 400,
      extra: { reason },
    });
  });
});
