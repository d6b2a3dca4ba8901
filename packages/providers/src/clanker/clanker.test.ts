import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import tokens from './fixtures/tokens.json' with { type: 'json' };
import { ClankerClient } from './clanker.js';

const json = { headers: { 'content-type': 'application/json' } };

describe("ClankerClient against Clanker's token list (fixtures/README.md)", () => {
  const mockAgent = useMockAgent();

  it('GET /api/tokens sends the query as named and reads tokens with market and creator', async () => {
    mockAgent()
      .get('https://www.clanker.world')
      .intercept({
        path: '/api/tokens',
        query: {
          chainId: '8453',
          limit: '20',
          offset: '0',
          sortBy: 'market-cap',
          sort: 'desc',
          includeMarket: 'true',
          includeUser: 'true',
          q: 'cat',
        },
      })
      .reply(200, tokens, json);
    const page = await new ClankerClient().findTokens({
      limit: 20,
      offset: 0,
      sortBy: 'market-cap',
      sort: 'desc',
      includeMarket: true,
      includeUser: true,
      q: 'cat',
    });
    expect(page.total).toBe(1);
    expect(page.tokens[0]).toMatchObject({ symbol: 'EBCAT', related: { market: { marketCap: 1834221.5 } } });
  });

  it('is unset in sandbox mode; live needs no setting', () => {
    expect(new Providers('sandbox', {}).clanker).toBeUndefined();
    expect(new Providers('live', {}).clanker).toBeInstanceOf(ClankerClient);
  });
});
