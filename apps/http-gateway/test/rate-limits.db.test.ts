import { randomBytes } from 'node:crypto';
import { loadConfig } from '@svc/config';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { newAccessKey, mcpPost } from './mcp-harness.js';
import { pglite, useGateway } from './harness.js';
import { requiredService } from './services.js';

const LIMITS = { RATE_LIMIT_UNPAID_PER_MINUTE: '3', RATE_LIMIT_ACCOUNT_PER_MINUTE: '2' };
const DISCOVER = '/api/tools/discover';
const TOOL_URL = '/api/tools/execute/unified/hederaContractIdToEvmAddress';

/** Each test its own client address, so no test spends another's budget. */
const address = () => `10.${randomBytes(3).join('.')}`;

describe('rate limits (in memory)', () => {
  const gateway = useGateway(pglite, LIMITS);
  const get = (url: string, remoteAddress: string) => gateway.app.inject({ method: 'GET', url, remoteAddress });

  it('counts unpaid requests per IP with the RateLimit headers, then answers 429 with Retry-After', async () => {
    const client = address();
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const answer = await get(DISCOVER, client);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['ratelimit-limit']).toBe('3');
      remaining.push(answer.headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    // The unpaid 402 of a tool is counted in the same budget.
    const refused = await gateway.app.inject({
      method: 'POST',
      url: TOOL_URL,
      remoteAddress: client,
      headers: { 'content-type': 'application/json' },
      payload: { contractId: '0.0.7' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0' });

    // Another address has its own budget; health probes are never limited.
    expect((await get(DISCOVER, address())).statusCode).toBe(200);
    expect((await get('/health', client)).statusCode).toBe(200);
  });

  it('never counts nor refuses a POST carrying PAYMENT-SIGNATURE (it is answered by the payment check)', async () => {
    const client = address();
    for (let i = 0; i < 3; i++) expect((await get(DISCOVER, client)).statusCode).toBe(200);
    expect((await get(DISCOVER, client)).statusCode).toBe(429);
    const signed = await gateway.app.inject({
      method: 'POST',
      url: TOOL_URL,
      remoteAddress: client,
      headers: { 'content-type': 'application/json', 'payment-signature': 'not-a-payment' },
      payload: { contractId: '0.0.7' },
    });
    expect(signed.statusCode).toBe(400);
    expect(signed.json()).toMatchObject({ code: 'invalid_payment_header' });
    // The header does not open the unpaid routes: a GET carrying it is still refused.
    const disguised = await gateway.app.inject({
      method: 'GET',
      url: DISCOVER,
      remoteAddress: client,
      headers: { 'payment-signature': 'not-a-payment' },
    });
    expect(disguised.statusCode).toBe(429);
  });

  it('limits MCP per account after authentication: one account refused, another served from the same address', async () => {
    const client = address();
    const alice = await newAccessKey(gateway.db);
    const bob = await newAccessKey(gateway.db);
    const list = (key: string) =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/mcp',
        remoteAddress: client,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': key },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
    expect((await list(alice.key)).statusCode).toBe(200);
    expect((await list(alice.key)).statusCode).toBe(200);
    const refused = await list(alice.key);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-limit']).toBe('2');
    expect(refused.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { data: { code: 'rate_limited' } } });
    expect((await list(bob.key)).statusCode).toBe(200);
    // An unauthenticated request is refused for its credentials, and spends no account's budget.
    expect((await mcpPost(gateway.app, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).statusCode).toBe(401);
  });

  it('limits A2A per account, sharing the budget with MCP', async () => {
    const carol = await newAccessKey(gateway.db);
    const a2a = () =>
      gateway.app.inject({
        method: 'POST',
        url: '/api/a2a',
        remoteAddress: address(),
        headers: { 'content-type': 'application/json', 'x-api-key': carol.key },
        payload: { jsonrpc: '2.0', id: 7, method: 'tasks/get', params: { id: 'no-such-task' } },
      });
    expect((await a2a()).statusCode).toBe(200);
    expect(
      (await mcpPost(gateway.app, { jsonrpc: '2.0', id: 1, method: 'ping' }, { 'x-api-key': carol.key })).statusCode,
    ).toBe(200);
    const refused = await a2a();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ jsonrpc: '2.0', error: { data: { code: 'rate_limited' } } });
  });
});

describe('rate limits behind a load balancer (TRUST_PROXY)', () => {
  const balancer = '10.200.0.1';
  const gateway = useGateway(pglite, { ...LIMITS, TRUST_PROXY: balancer });
  const discover = (forwardedFor: string, remoteAddress = balancer) =>
    gateway.app.inject({ method: 'GET', url: DISCOVER, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

  it('counts per client address the balancer forwards, and ignores the header from anyone else', async () => {
    const [client, other] = [address(), address()];
    for (let i = 0; i < 3; i++) expect((await discover(client)).statusCode).toBe(200);
    expect((await discover(client)).statusCode).toBe(429);
    expect((await discover(other)).statusCode).toBe(200);
    // A client that is not the balancer cannot pick its address: it is counted as itself.
    const spoofer = address();
    for (let i = 0; i < 3; i++) expect((await discover(address(), spoofer)).statusCode).toBe(200);
    expect((await discover(address(), spoofer)).statusCode).toBe(429);
  });
});

describe('a REDIS_URL the gateway cannot reach', () => {
  it('stops the gateway at start, naming the setting (rather than counting nothing for ever)', async () => {
    const db = await pglite.open();
    try {
      const config = loadConfig({ SVC_MODE: 'sandbox', LOG_LEVEL: 'silent', REDIS_URL: 'redis://127.0.0.1:1' });
      await expect(buildApp(config, { db })).rejects.toThrow(/REDIS_URL: cannot connect/);
    } finally {
      await db.close();
    }
  });
});

const redisUrl = requiredService('REDIS_URL', 'the rate limits shared through Redis');
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const shared = {
    ...LIMITS,
    REDIS_URL: redisUrl ?? '',
    // A prefix of this run's own: test files running at once count apart.
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
  };
  const first = useGateway(pglite, shared);
  const second = useGateway(pglite, shared);

  it('counts one budget across instances: what one instance counted, the other refuses', async () => {
    const client = address();
    const discover = (gateway: typeof first) =>
      gateway.app.inject({ method: 'GET', url: DISCOVER, remoteAddress: client });
    expect((await discover(first)).statusCode).toBe(200);
    expect((await discover(second)).statusCode).toBe(200);
    expect((await discover(first)).headers['ratelimit-remaining']).toBe('0');
    const refused = await discover(second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
