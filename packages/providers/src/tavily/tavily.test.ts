import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import search from './fixtures/search.json' with { type: 'json' };
import { TavilyClient } from './tavily.js';

describe('TavilyClient against a recorded search answer (fixtures/README.md)', () => {
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
            query: 'current mayor of New York City',
            topic: 'general',
            search_depth: 'basic',
            max_results: 10,
          }),
      })
      .reply(200, search, { headers: { 'content-type': 'application/json' } });
    // A general-topic answer carries no published_date (Tavily gives it for topic news only).
    expect(await new TavilyClient('tvly-test').search('current mayor of New York City')).toEqual([
      {
        title: 'List of mayors of New York City - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/List_of_mayors_of_New_York_City',
        snippet: expect.stringMatching(/^The mayor of New York City is the chief executive/),
        score: 0.9039154,
        publishedAt: null,
      },
      {
        title: "Office of the Mayor | Mayor's Bio | City of New York - NYC.gov",
        url: 'https://www.nyc.gov/office-of-the-mayor/bio.page',
        snippet: expect.stringMatching(/^Mayor Eric Adams has served the people of New York City/),
        score: 0.8405867,
        publishedAt: null,
      },
      {
        title: 'Eric Adams - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Eric_Adams',
        snippet: expect.stringMatching(/^Eric Leroy Adams \(born September 1, 1960\)/),
        score: 0.77731717,
        publishedAt: null,
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
