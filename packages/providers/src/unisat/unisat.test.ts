import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import brc20Types from './fixtures/brc20-types.json' with { type: 'json' };
import { UnisatClient } from './unisat.js';

const KEY = 'unisat-test-key';
const ORIGIN = 'https://open-api.unisat.io';
const json = { headers: { 'content-type': 'application/json' } };

describe('UnisatClient against the documented answer (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();

  it('POST /v3/market/brc20/auction/brc20_types asks for the 4-byte tickers over the last day, with the bearer key', async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'POST',
        path: '/v3/market/brc20/auction/brc20_types',
        headers: { authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ tickLen: 4, timeType: 'day1', start: 0, limit: 100 }),
      })
      .reply(200, brc20Types, json);
    const market = await new UnisatClient(KEY).brc20Market(100);
    expect(market.btcUsd).toBe(107370.36);
    expect(market.tokens.map((token) => [token.tick, token.curPrice, token.btcVolume, token.cap])).toEqual([
      ['ordi', 9850.5, 412500000, '206860500000'],
      ['sats', 0.000041, 96300000, '86100000000'],
    ]);
  });

  it("answers UniSat's error code as a 502 naming UniSat with its message", async () => {
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'POST', path: '/v3/market/brc20/auction/brc20_types' })
      .reply(200, { code: -1, msg: 'api key invalid', data: null }, json);
    await expect(new UnisatClient(KEY).brc20Market(10)).rejects.toMatchObject({
      code: 'upstream_error',
      message: expect.stringContaining('api key invalid'),
    });
  });

  it('is unset in sandbox mode, 503 naming UNISAT_API_KEY in live mode without it, the client with it', () => {
    expect(new Providers('sandbox', { UNISAT_API_KEY: KEY }).unisat).toBeUndefined();
    expect(() => new Providers('live', {}).unisat).toThrow(/UNISAT_API_KEY/);
    expect(new Providers('live', { UNISAT_API_KEY: KEY }).unisat).toBeInstanceOf(UnisatClient);
  });
});
