import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import completed from './fixtures/extract-completed.json' with { type: 'json' };
import processing from './fixtures/extract-processing.json' with { type: 'json' };
import started from './fixtures/extract-started.json' with { type: 'json' };
import { DEFAULT_EXTRACT_PROMPT, FirecrawlClient } from './firecrawl.js';

const ORIGIN = 'https://api.firecrawl.dev';
const JSON_HEADERS = { 'content-type': 'application/json' };
const AUTH = { authorization: 'Bearer fc-test' };

describe("FirecrawlClient against Firecrawl's published extract answers (fixtures/README.md)", () => {
  const mockAgent = useMockAgent();
  const expectStart = (body: unknown) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'POST',
        path: '/v2/extract',
        headers: AUTH,
        body: (sent) => JSON.stringify(JSON.parse(sent)) === JSON.stringify(body),
      });
  const expectStatus = () =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path: `/v2/extract/${started.id}`, headers: AUTH });

  it('starts a job with the prompt and polls until it completes', async () => {
    expectStart({ urls: ['https://jup.ag'], prompt: 'What is Jupiter?', enableWebSearch: true }).reply(200, started, {
      headers: JSON_HEADERS,
    });
    expectStatus().reply(200, processing, { headers: JSON_HEADERS });
    expectStatus().reply(200, completed, { headers: JSON_HEADERS });
    const result = await new FirecrawlClient('fc-test', { pollMs: 0 }).extract({
      urls: ['https://jup.ag'],
      prompt: 'What is Jupiter?',
      enableWebSearch: true,
    });
    expect(result).toEqual({
      jobId: '850eb555-db9c-42b9-9d96-bac1fca8bb23',
      data: {
        company_mission: expect.stringMatching(/^Firecrawl is the easiest way to extract data from the web/),
        supports_sso: false,
        is_open_source: true,
        is_in_yc: true,
      },
    });
  });

  it('asks for the page content with the default prompt when none is given', async () => {
    expectStart({ urls: ['https://jup.ag'], prompt: DEFAULT_EXTRACT_PROMPT, enableWebSearch: false }).reply(
      200,
      started,
      { headers: JSON_HEADERS },
    );
    expectStatus().reply(200, completed, { headers: JSON_HEADERS });
    await expect(new FirecrawlClient('fc-test').extract({ urls: ['https://jup.ag'] })).resolves.toMatchObject({
      jobId: started.id,
    });
  });

  it('reports a failed job, and one that outlasts the deadline, as a 502', async () => {
    expectStart({ urls: ['https://a.example'], prompt: DEFAULT_EXTRACT_PROMPT, enableWebSearch: false })
      .reply(200, started, { headers: JSON_HEADERS })
      .times(2);
    expectStatus().reply(200, { success: false, status: 'failed', error: 'blocked' }, { headers: JSON_HEADERS });
    const client = new FirecrawlClient('fc-test', { pollMs: 5, deadlineMs: 1 });
    await expect(client.extract({ urls: ['https://a.example'] })).rejects.toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/failed: blocked/),
    });
    expectStatus().reply(200, processing, { headers: JSON_HEADERS });
    await expect(client.extract({ urls: ['https://a.example'] })).rejects.toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/did not finish within 1 ms/),
    });
  });
});
