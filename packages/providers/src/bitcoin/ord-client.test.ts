import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import inscription from './fixtures/ord-inscription.json' with { type: 'json' };
import outputs from './fixtures/ord-outputs.json' with { type: 'json' };
import rune from './fixtures/ord-rune.json' with { type: 'json' };
import { OrdClient } from './ord-client.js';

const ORIGIN = 'https://ord.example.org';
const ADDRESS = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('OrdClient against recorded ord server responses', () => {
  const mockAgent = useMockAgent();

  /** ord answers JSON only to Accept: application/json (HTML otherwise). */
  const expectGet = (path: string, query?: Record<string, string>) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path, ...(query ? { query } : {}), headers: { accept: 'application/json' } });

  it('maps GET /outputs/:address?type=any to outputs with rune balances and inscription ids', async () => {
    expectGet(`/outputs/${ADDRESS}`, { type: 'any' }).reply(200, outputs, { headers: JSON_HEADERS });
    const [runic, inscribed] = await new OrdClient(`${ORIGIN}/`).outputs(ADDRESS);
    expect(runic).toEqual({
      txid: outputs[0]!.transaction,
      vout: 1,
      value: 546n,
      runes: new Map([['DOG•GO•TO•THE•MOON', 889_000_000n]]),
      inscriptions: [],
    });
    expect(inscribed).toEqual({
      txid: outputs[1]!.transaction,
      vout: 0,
      value: 10_000n,
      runes: new Map(),
      inscriptions: [inscription.id],
    });
  });

  it('maps GET /inscription/:id to its satpoint, owner and output value; 404 is undefined', async () => {
    expectGet(`/inscription/${inscription.id}`).reply(200, inscription, { headers: JSON_HEADERS });
    expect(await new OrdClient(ORIGIN).inscription(inscription.id)).toEqual({
      txid: inscription.id.slice(0, 64),
      vout: 0,
      offset: 0n,
      address: ADDRESS,
      value: 10_000n,
    });
    expectGet(`/inscription/${'ab'.repeat(32)}i0`).reply(404, 'inscription not found');
    expect(await new OrdClient(ORIGIN).inscription(`${'ab'.repeat(32)}i0`)).toBeUndefined();
  });

  it('maps GET /rune/:name to id, spaced name, divisibility and symbol; a 5xx that outlasts the retries is an upstream error', async () => {
    expectGet('/rune/DOGGOTOTHEMOON').reply(200, rune, { headers: JSON_HEADERS });
    expect(await new OrdClient(ORIGIN).rune('DOGGOTOTHEMOON')).toEqual({
      id: '840000:3',
      spacedName: 'DOG•GO•TO•THE•MOON',
      divisibility: 5,
      symbol: '🐕',
    });
    // Another rune (the first is cached now), failing past the retries.
    expectGet('/rune/UNCOMMONGOODS').reply(500, 'boom').times(3);
    await expect(new OrdClient(ORIGIN).rune('UNCOMMONGOODS')).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
    });
  });
});
