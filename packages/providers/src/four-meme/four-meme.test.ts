import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import tokenQuery from './fixtures/token-query.json' with { type: 'json' };
import { FourMemeClient } from './four-meme.js';

const json = { headers: { 'content-type': 'application/json' } };

describe("FourMemeClient against four.meme's query answer (fixtures/README.md)", () => {
  const mockAgent = useMockAgent();

  it('GET /private/token/query sends the filters under four.meme names and reads the tokens', async () => {
    mockAgent()
      .get('https://four.meme')
      .intercept({
        path: '/meme-api/v1/private/token/query',
        query: { orderBy: 'Hot', listedPancake: 'false', pageIndex: '1', pageSize: '30', labels: 'Meme' },
      })
      .reply(200, tokenQuery, json);
    const tokens = await new FourMemeClient().findTokens({
      orderBy: 'Hot',
      listedDex: false,
      pageIndex: 1,
      pageSize: 30,
      labels: 'Meme',
    });
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toMatchObject({ shortName: 'ECDOG', status: 'PUBLISH', tokenPrice: { progress: '0.31' } });
  });

  it("a non-zero code or another shape is four.meme's failure (502 naming it)", async () => {
    const api = mockAgent().get('https://four.meme');
    api.intercept({ path: /\/meme-api\/v1\/private\/token\/query/ }).reply(200, { code: 1, msg: 'busy' }, json);
    api.intercept({ path: /\/meme-api\/v1\/private\/token\/query/ }).reply(200, { data: 'nope' }, json);
    const query = { orderBy: 'TimeDesc', pageIndex: 2, pageSize: 5 };
    await expect(new FourMemeClient().findTokens(query)).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'four.meme' },
    });
    await expect(new FourMemeClient().findTokens({ ...query, pageIndex: 3 })).rejects.toMatchObject({
      code: 'upstream_error',
    });
  });

  it('is unset in sandbox mode; live needs no setting (FOUR_MEME_API_URL moves it)', () => {
    expect(new Providers('sandbox', {}).fourMeme).toBeUndefined();
    expect(new Providers('live', {}).fourMeme).toBeInstanceOf(FourMemeClient);
  });
});
