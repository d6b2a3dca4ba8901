import { STAMPS_OUTPUTS } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import src20Deploy from './fixtures/src20-deploy.json' with { type: 'json' };
import src20Search from './fixtures/src20-search.json' with { type: 'json' };
import stampsBalance from './fixtures/stamps-balance.json' with { type: 'json' };
import stampsRecent from './fixtures/stamps-recent.json' with { type: 'json' };
import stampsSearch from './fixtures/stamps-search.json' with { type: 'json' };
import stamp from './fixtures/stamp.json' with { type: 'json' };
import { StampchainClient, type StampchainAnswer } from './stampchain.js';

const ADDRESS = '1GotRejB6XsGgMsM79TvcypeanDJRJbMtg';

interface Endpoint {
  readonly tool: keyof typeof STAMPS_OUTPUTS;
  readonly call: (client: StampchainClient) => Promise<StampchainAnswer>;
  readonly path: string;
  readonly query?: Record<string, string>;
  readonly body: object;
}

// One row per endpoint the stamps tools use: the request, and the recorded answer (fixtures/README.md).
const ENDPOINTS: Endpoint[] = [
  { tool: 'getStamp', call: (client) => client.stamp('277572'), path: '/api/v2/stamps/277572', body: stamp },
  {
    tool: 'getStampsByAddress',
    call: (client) => client.stampBalances(ADDRESS),
    path: `/api/v2/stamps/balance/${ADDRESS}`,
    body: stampsBalance,
  },
  {
    tool: 'getRecentStamps',
    call: (client) => client.recentStamps(2),
    path: '/api/v2/stamps',
    query: { limit: '2', page: '1', sort_order: 'DESC' },
    body: stampsRecent,
  },
  {
    tool: 'searchStamps',
    call: (client) => client.searchStamps({ is_cursed: true, sort_order: 'ASC', limit: 2 }),
    path: '/api/v2/stamps',
    query: { is_cursed: 'true', sort_order: 'ASC', limit: '2' },
    body: stampsSearch,
  },
  {
    tool: 'getSRC20Token',
    call: (client) => client.src20Token('!'),
    path: `/api/v2/src20/tick/${encodeURIComponent('!')}/deploy`,
    body: src20Deploy,
  },
  {
    tool: 'searchSRC20Tokens',
    call: (client) => client.searchSrc20({ query: '!', page: 5 }),
    path: '/api/v2/src20/search',
    query: { q: '!', page: '5' },
    body: src20Search,
  },
];

const json = { headers: { 'content-type': 'application/json' } };

describe('StampchainClient against recorded Stampchain answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();

  it.each(ENDPOINTS)('$tool: GET $path answers the body as published', async (endpoint) => {
    mockAgent()
      .get('https://stampchain.io')
      .intercept({ method: 'GET', path: endpoint.path, ...(endpoint.query ? { query: endpoint.query } : {}) })
      .reply(200, endpoint.body, json);
    const answer = await endpoint.call(new StampchainClient());
    expect(answer).toEqual(endpoint.body);
    expect(STAMPS_OUTPUTS[endpoint.tool]!.safeParse(answer).success).toBe(true);
  });

  it("answers Stampchain's 404 as not_found and a body of another shape as a 502 naming Stampchain", async () => {
    const stampchain = mockAgent().get('https://stampchain.io');
    stampchain.intercept({ path: '/api/v2/stamps/999999999' }).reply(404, { error: 'Stamp not found' }, json);
    stampchain
      .intercept({ path: '/api/v2/src20/tick/KEVIN/deploy' })
      .reply(200, { error: 'Internal server error' }, json);
    await expect(new StampchainClient().stamp('999999999')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    await expect(new StampchainClient().src20Token('KEVIN')).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'Stampchain' },
    });
  });
});

describe('the Stampchain provider', () => {
  it('is unset in sandbox mode, and live needs no setting (STAMPCHAIN_API_URL moves it)', async () => {
    expect(new Providers('sandbox', {}).stampchain).toBeUndefined();
    expect(new Providers('live', {}).stampchain).toBeInstanceOf(StampchainClient);
    const mixed = new Providers('sandbox', { PROVIDERS_LIVE: 'STAMPCHAIN_API_URL' });
    expect(mixed.stampchain).toBeInstanceOf(StampchainClient);
  });
});

describe('a Stampchain mirror', () => {
  const mockAgent = useMockAgent();

  it('STAMPCHAIN_API_URL points the client at another host', async () => {
    mockAgent().get('https://stamps.example').intercept({ path: '/v2/stamps/277572' }).reply(200, stamp, json);
    const client = new Providers('live', { STAMPCHAIN_API_URL: 'https://stamps.example/v2' }).stampchain!;
    expect(await client.stamp('277572')).toEqual(stamp);
  });
});
