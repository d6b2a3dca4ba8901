import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import search from './fixtures/search.json' with { type: 'json' };
import { TavilyClient } from './tavily.js';

describe('TavilyClient against the documented search answer', () => {
  const mockAgent = useMockAgent();

  it('POSTs a basic general search with the bearer key and maps the results', async () => {
    mockAgent()
      .get('https://api.tavily.com')
      .intercept({
        method: 'POST',
        path: '/search',
        headers: { authorization: 'Bearer tvly-test', 'content-type': 'application/json' },
        body: (sent) =>
          JSON.stringify(JSON.parse(sent)) ===
          JSON.stringify({
            query: 'Jupiter exchange announcement',
            topic: 'general',
            search_depth: 'basic',
            max_results: 10,
          }),
      })
      .reply(200, search, { headers: { 'content-type': 'application/json' } });
    expect(await new TavilyClient('tvly-test').search('Jupiter exchange announcement')).toEqual([
      {
        title: 'Jupiter announces Jupuary 2026 airdrop details',
        url: 'https://www.theblock.co/post/381002/jupiter-jupuary-2026',
        snippet:
          'Jupiter, the Solana DEX aggregator, said its third annual Jupuary airdrop will distribute 700 million JUP...',
        score: 0.81,
        publishedAt: null,
      },
      {
        title: 'Jupiter Station: Announcements',
        url: 'https://station.jup.ag/blog',
        snippet: 'The latest product announcements from the Jupiter team.',
        score: 0.62,
        publishedAt: 'Tue, 18 Nov 2025 09:00:00 GMT',
      },
    ]);
  });

  it('reports an exhausted key as a 502 naming Tavily', async () => {
    mockAgent()
      .get('https://api.tavily.com')
      .intercept({ method: 'POST', path: '/search' })
      .reply(432, { detail: { error: 'plan limit exceeded' } }, { headers: { 'content-type': 'application/json' } });
    await expect(new TavilyClient('tvly-test').search('x')).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { provider: 'Tavily', upstreamStatus: 432 },
    });
  });
});
