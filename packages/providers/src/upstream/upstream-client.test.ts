import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import type { UpstreamProvider } from './limits.js';
import { collectProvenance } from './provenance.js';
import { configureUpstream, upstreamClient, upstreamHealth } from './registry.js';
import { UpstreamClient, type UpstreamPolicyOptions } from './upstream-client.js';

const ORIGIN = 'https://api.example.test';
const JSON_HEADERS = { 'content-type': 'application/json' };
const PROVIDER: UpstreamProvider = {
  id: 'EXAMPLE',
  name: 'Example API',
  rps: Number.POSITIVE_INFINITY,
  concurrency: 16,
};
// Fast policies so the tests wait milliseconds, not seconds.
const FAST: Partial<UpstreamPolicyOptions> = {
  timeoutMs: 200,
  backoffBaseMs: 1,
  backoffMaxMs: 5,
  halfOpenAfterMs: 100,
  breakerThreshold: 3,
};

const clientOf = (overrides: Partial<UpstreamProvider> = {}, options: Partial<UpstreamPolicyOptions> = {}) =>
  new UpstreamClient({ ...PROVIDER, ...overrides }, {}, { ...FAST, ...options });
const url = (path: string) => new URL(`${ORIGIN}${path}`);

describe('the shared upstream client', () => {
  const mockAgent = useMockAgent();
  const pool = () => mockAgent().get(ORIGIN);

  it('gives up on an attempt past its timeout, and reports a 502 naming the provider and the budget', async () => {
    pool().intercept({ path: '/slow' }).reply(200, { late: true }, { headers: JSON_HEADERS }).delay(1_000);
    const started = Date.now();
    await expect(clientOf({}, { retries: 0 }).getJson(url('/slow'))).rejects.toMatchObject({
      code: 'upstream_error',
      status: 502,
      extra: { provider: 'Example API', timeoutMs: 200 },
    });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('retries a read that timed out, and counts the timeout as a failure', async () => {
    pool().intercept({ path: '/hung' }).reply(200, { late: true }, { headers: JSON_HEADERS }).delay(1_000);
    pool().intercept({ path: '/hung' }).reply(200, { prompt: true }, { headers: JSON_HEADERS });
    expect(await clientOf().getJson(url('/hung'))).toEqual({ prompt: true });
  });

  it('retries a 429 after the Retry-After it was given, then answers', async () => {
    pool()
      .intercept({ path: '/limited' })
      .reply(429, 'slow down', { headers: { 'retry-after': '0.3' } });
    pool().intercept({ path: '/limited' }).reply(200, { ok: 1 }, { headers: JSON_HEADERS });
    const started = Date.now();
    expect(await clientOf().getJson(url('/limited'))).toEqual({ ok: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('fails at once on a Retry-After longer than it may wait, instead of holding the caller', async () => {
    pool()
      .intercept({ path: '/later' })
      .reply(429, 'come back tomorrow', { headers: { 'retry-after': '86400' } });
    await expect(clientOf().getJson(url('/later'))).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { upstreamStatus: 429 },
    });
  });

  it('retries a 503 with backoff and returns the answer that follows', async () => {
    pool().intercept({ path: '/flaky' }).reply(503, 'busy');
    pool().intercept({ path: '/flaky' }).reply(502, 'bad gateway');
    pool().intercept({ path: '/flaky' }).reply(200, { third: 'time' }, { headers: JSON_HEADERS });
    expect(await clientOf().getJson(url('/flaky'))).toEqual({ third: 'time' });
  });

  it('retries a network error on an idempotent read', async () => {
    pool().intercept({ path: '/reset' }).replyWithError(new Error('socket hang up'));
    pool().intercept({ path: '/reset' }).reply(200, { back: true }, { headers: JSON_HEADERS });
    expect(await clientOf().getJson(url('/reset'))).toEqual({ back: true });
  });

  it('sends a non-idempotent POST once, whatever it answers', async () => {
    pool().intercept({ path: '/tx', method: 'POST' }).reply(503, 'busy');
    await expect(clientOf().request({ url: url('/tx'), body: 'deadbeef' })).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { upstreamStatus: 503 },
    });
    // A second interceptor would have answered a retry; it is left unused.
    pool().intercept({ path: '/tx', method: 'POST' }).reply(200, 'txid');
    expect(mockAgent().pendingInterceptors()).toHaveLength(1);
    await clientOf().request({ url: url('/tx'), body: 'deadbeef' });
  });

  it('retries a POST the caller marks idempotent', async () => {
    pool().intercept({ path: '/build', method: 'POST' }).reply(500, 'oops');
    pool().intercept({ path: '/build', method: 'POST' }).reply(200, { built: true }, { headers: JSON_HEADERS });
    const answer = await clientOf().request({ url: url('/build'), body: '{}', idempotent: true });
    expect(answer.status).toBe(200);
  });

  it('opens the breaker after consecutive failures, refuses calls without sending them, then lets one probe through', async () => {
    const client = clientOf({}, { retries: 0 });
    pool().intercept({ path: '/down' }).reply(500, 'down').times(3);
    for (let i = 0; i < 3; i++)
      await expect(client.getJson(url('/down'))).rejects.toMatchObject({ extra: { upstreamStatus: 500 } });
    expect(client.health().breaker).toBe('open');
    // Refused without a request: no interceptor is set up for it, and disableNetConnect would fail a real one.
    await expect(client.getJson(url('/down'))).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { breaker: 'open' },
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    pool().intercept({ path: '/down' }).reply(200, { up: true }, { headers: JSON_HEADERS });
    expect(await client.getJson(url('/down'))).toEqual({ up: true });
    expect(client.health().breaker).toBe('closed');
  });

  it('does not count a 4xx answer as a failure', async () => {
    const client = clientOf({}, { retries: 0 });
    pool().intercept({ path: '/missing' }).reply(404, 'no').times(5);
    for (let i = 0; i < 5; i++) expect(await client.getJson(url('/missing'))).toBeUndefined();
    expect(client.health().breaker).toBe('closed');
  });

  it('counts its calls and those that failed: a 4xx answer is no failure, a cached read no call', async () => {
    const client = clientOf({}, { retries: 0 });
    pool().intercept({ path: '/down' }).reply(500, 'down');
    pool().intercept({ path: '/missing' }).reply(404, 'no');
    pool().intercept({ path: '/up' }).reply(200, { up: true }, { headers: JSON_HEADERS });
    await expect(client.getJson(url('/down'))).rejects.toMatchObject({ code: 'upstream_error' });
    expect(await client.getJson(url('/missing'))).toBeUndefined();
    for (let i = 0; i < 2; i++) expect(await client.getJson(url('/up'), { cacheTtlMs: 60_000 })).toEqual({ up: true });
    expect(client.usage()).toEqual({ provider: client.provider, calls: 3, failures: 1 });
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const client = clientOf({ concurrency: 2 });
    pool()
      .intercept({ path: /\/item\/\d/ })
      .reply(200, {}, { headers: JSON_HEADERS })
      .delay(50)
      .times(6);
    const calls = Array.from({ length: 6 }, (_, i) => client.getJson(url(`/item/${i}`)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.health()).toMatchObject({ inFlight: 2, queued: 4 });
    await Promise.all(calls);
  });

  it('spaces requests to the provider rate', async () => {
    const client = clientOf({ rps: 2 });
    pool()
      .intercept({ path: /\/rated\/\d/ })
      .reply(200, {}, { headers: JSON_HEADERS })
      .times(4);
    const started = Date.now();
    await Promise.all(Array.from({ length: 4 }, (_, i) => client.getJson(url(`/rated/${i}`))));
    // Two in the first one-second window, two in the next.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('serves an identical read from its cache within the TTL, and fetches again after it', async () => {
    const client = clientOf();
    pool().intercept({ path: '/price' }).reply(200, { usd: 1 }, { headers: JSON_HEADERS });
    pool().intercept({ path: '/price' }).reply(200, { usd: 2 }, { headers: JSON_HEADERS });
    expect(await client.getJson(url('/price'), { cacheTtlMs: 100 })).toEqual({ usd: 1 });
    expect(await client.getJson(url('/price'), { cacheTtlMs: 100 })).toEqual({ usd: 1 });
    expect(mockAgent().pendingInterceptors()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await client.getJson(url('/price'), { cacheTtlMs: 100 })).toEqual({ usd: 2 });
  });

  it('keeps reads with different headers (another API key) apart in the cache', async () => {
    const client = clientOf();
    pool()
      .intercept({ path: '/mine', headers: { 'x-api-key': 'a' } })
      .reply(200, { who: 'a' }, { headers: JSON_HEADERS });
    pool()
      .intercept({ path: '/mine', headers: { 'x-api-key': 'b' } })
      .reply(200, { who: 'b' }, { headers: JSON_HEADERS });
    expect(await client.getJson(url('/mine'), { headers: { 'x-api-key': 'a' }, cacheTtlMs: 10_000 })).toEqual({
      who: 'a',
    });
    expect(await client.getJson(url('/mine'), { headers: { 'x-api-key': 'b' }, cacheTtlMs: 10_000 })).toEqual({
      who: 'b',
    });
  });

  it('coalesces identical reads in flight into one request, even without a cache TTL', async () => {
    const client = clientOf();
    pool().intercept({ path: '/utxo' }).reply(200, [1, 2], { headers: JSON_HEADERS }).delay(30);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.getJson(url('/utxo'))));
    expect(answers).toEqual(Array.from({ length: 5 }, () => [1, 2]));
  });

  it('says where every answer came from and when it was fetched; a cached answer keeps its fill time', async () => {
    const client = clientOf();
    pool().intercept({ path: '/fees' }).reply(200, { fast: 12 }, { headers: JSON_HEADERS });
    const before = new Date().toISOString();
    const first = await client.request({
      url: url('/fees'),
      headers: { accept: 'application/json' },
      cacheTtlMs: 10_000,
    });
    expect(first).toMatchObject({ status: 200, source: 'Example API' });
    expect(first.asOf >= before).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { value, provenance } = await collectProvenance(() => client.getJson(url('/fees'), { cacheTtlMs: 10_000 }));
    expect(value).toEqual({ fast: 12 });
    expect(provenance).toEqual({ source: 'Example API', asOf: first.asOf });
  });

  it('combines several providers in one answer, dated by the oldest read', async () => {
    const other = new UpstreamClient({ ...PROVIDER, name: 'Other API' }, {}, FAST);
    pool().intercept({ path: '/a' }).reply(200, {}, { headers: JSON_HEADERS });
    pool().intercept({ path: '/b' }).reply(200, {}, { headers: JSON_HEADERS });
    const { provenance } = await collectProvenance(async () => {
      await clientOf().getJson(url('/a'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      await other.getJson(url('/b'));
    });
    expect(provenance?.source).toBe('Example API, Other API');
    expect(await collectProvenance(async () => 1)).toEqual({ value: 1, provenance: undefined });
  });

  it('reports every provider in upstreamHealth, with the rate and concurrency settings applied', () => {
    configureUpstream({ jupiter: { concurrency: 7 } });
    const health = upstreamHealth();
    expect(health.map((entry) => entry.provider)).toEqual(
      expect.arrayContaining([
        'Jupiter',
        '0x',
        'LI.FI',
        'Bitcoin Esplora API',
        'Bitcoin ord server',
        'Counterparty API',
        'Hedera mirror node',
        'SaucerSwap',
        'Base RPC',
        'Solana RPC',
        'Hedera network',
      ]),
    );
    expect(health.every((entry) => entry.breaker === 'closed')).toBe(true);
    expect(upstreamClient('jupiter')).toBe(upstreamClient('jupiter'));
  });

  describe('run: an SDK call without a fetch hook', () => {
    class SdkError extends Error {
      constructor(readonly status: number) {
        super(`sdk status ${status}`);
      }
    }
    const isTransient = (error: unknown) =>
      error instanceof SdkError && error.status >= 500 ? { upstreamStatus: error.status } : false;

    it('retries an idempotent call after a transient failure, and notes the read', async () => {
      let attempts = 0;
      const { value, provenance } = await collectProvenance(() =>
        clientOf().run(
          async () => {
            attempts += 1;
            if (attempts === 1) throw new SdkError(503);
            return 'answer';
          },
          { what: 'getThing', idempotent: true, isTransient },
        ),
      );
      expect([value, attempts, provenance?.source]).toEqual(['answer', 2, 'Example API']);
    });

    it('runs a non-idempotent call once: a transient failure is a 502, the SDK answer of a refusal passes unchanged', async () => {
      let attempts = 0;
      const client = clientOf();
      const broadcast = (status: number) =>
        client.run(
          async () => {
            attempts += 1;
            throw new SdkError(status);
          },
          { what: 'sendThing', idempotent: false, isTransient },
        );
      await expect(broadcast(503)).rejects.toMatchObject({
        code: 'upstream_error',
        extra: { provider: 'Example API', upstreamStatus: 503 },
      });
      expect(attempts).toBe(1);
      const refusal = await broadcast(400).catch((caught: unknown) => caught);
      expect(refusal).toBeInstanceOf(SdkError);
      expect(attempts).toBe(2);
    });

    it('gives up on a call past its own timeout', async () => {
      const hung = clientOf().run(() => new Promise(() => {}), {
        what: 'hang',
        idempotent: false,
        isTransient,
        timeoutMs: 50,
      });
      await expect(hung).rejects.toMatchObject({ code: 'upstream_error', extra: { timeoutMs: 50 } });
    });
  });
});
