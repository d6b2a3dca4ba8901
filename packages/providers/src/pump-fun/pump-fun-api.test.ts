import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import coinsGraduated from './fixtures/coins-graduated.json' with { type: 'json' };
import coinsList from './fixtures/coins-list.json' with { type: 'json' };
import { PumpFunApiClient } from './pump-fun-api.js';

const json = { headers: { 'content-type': 'application/json' } };

describe("PumpFunApiClient against pump.fun's recorded coin lists (fixtures/README.md)", () => {
  const mockAgent = useMockAgent();

  it('reads the newest list, the market-cap list and the graduated list from their paths', async () => {
    const api = mockAgent().get('https://advanced-api-v2.pump.fun');
    api
      .intercept({ path: '/coins/list', query: { sortBy: 'creationTime', direction: 'desc' } })
      .reply(200, coinsList, json);
    api
      .intercept({ path: '/coins/list', query: { sortBy: 'marketCap', direction: 'desc' } })
      .reply(200, coinsList, json);
    api.intercept({ path: '/coins/graduated' }).reply(200, coinsGraduated, json);
    const client = new PumpFunApiClient();
    const [newest] = await client.coins('newest');
    expect(newest).toMatchObject({ ticker: 'TCE', bondingCurveProgress: 22.26, graduationDate: null, numHolders: 8 });
    expect(await client.coins('marketCap')).toHaveLength(1);
    const graduated = await client.coins('graduated');
    expect(graduated.map((coin) => coin.ticker)).toEqual(['FISH', '$PUMPOD']);
    expect(graduated[0]).toMatchObject({ graduationDate: 1757854885369, volume: 985.5318 });
  });

  it("a failing or reshaped answer is pump.fun's failure (502 naming it)", async () => {
    const api = mockAgent().get('https://advanced-api-v2.pump.fun');
    api.intercept({ path: '/coins/graduated' }).reply(200, { coins: 'nope' }, json);
    api
      .intercept({ path: '/coins/list', query: { sortBy: 'creationTime', direction: 'desc' } })
      .reply(530, 'origin down')
      .persist();
    await expect(new PumpFunApiClient().coins('graduated')).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'pump.fun' },
    });
    await expect(new PumpFunApiClient().coins('newest')).rejects.toMatchObject({ code: 'upstream_error' });
  }, 20_000);

  it('is unset in sandbox mode; live needs no setting (PUMP_FUN_API_URL moves it)', async () => {
    expect(new Providers('sandbox', {}).pumpFun).toBeUndefined();
    expect(new Providers('live', {}).pumpFun).toBeInstanceOf(PumpFunApiClient);
    mockAgent().get('https://mirror.test').intercept({ path: '/coins/graduated' }).reply(200, coinsGraduated, json);
    expect(
      await new Providers('live', { PUMP_FUN_API_URL: 'https://mirror.test' }).pumpFun!.coins('graduated'),
    ).toHaveLength(2);
  });
});
