import { catalog, findTool, priceOf } from '@svc/contracts';
import { usdToAtomic } from '@svc/payments';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PAY_TO } from '@svc/config';
import { BASE_URL, backendsFor, post, useGateway, withoutHandler } from './harness.js';

/** A well-formed x402 payload that no facilitator would accept: enough to reach the steps before verification. */
const UNVERIFIABLE_PAYMENT = encodePaymentSignatureHeader({
  x402Version: 2,
  accepted: {
    scheme: 'exact',
    network: 'eip155:8453',
    asset: '0x',
    amount: '1',
    payTo: '0x',
    maxTimeoutSeconds: 60,
    extra: {},
  },
  payload: {},
});

/** A read tool whose handler this file's gateway leaves out: every catalog tool has one, so the 501 path needs it. */
const UNIMPLEMENTED_TOOL = 'searchPredictEvents';

// What the sandbox oracle quotes by default (see SandboxPriceOracle).
const SANDBOX_PRICES = { STX: '0.65', BTC: '97000' };

describe.each(backendsFor(import.meta.url))('POST /api/tools/execute/unified/{toolName} on $name', (backend) => {
  const h = useGateway(backend, {}, { handlers: withoutHandler(UNIMPLEMENTED_TOOL) });

  it('answers 404 naming an unknown tool', async () => {
    const res = await post(h.app, 'noSuchTool', {});
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'unknown_tool', tool: 'noSuchTool' });
    expect(res.json().detail).toContain('noSuchTool');
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['a number', '42'],
    ['malformed JSON', '{"query": '],
    ['an empty body', ''],
  ])('answers 400 invalid_body when the body is %s', async (_label, body) => {
    const res = await post(h.app, 'websearch', body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().code).toBe('invalid_body');
    expect(res.headers['payment-required']).toBeUndefined();
  });

  it('answers 415 for any body that is not JSON, text/plain included', async () => {
    for (const [type, payload] of [
      ['application/xml', '<q>btc</q>'],
      ['text/plain', 'query=btc'],
    ]) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/tools/execute/unified/websearch',
        headers: { 'content-type': type! },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().code, type).toBe('unsupported_media_type');
    }
  });

  it('answers 400 problem+json listing each field, rule and limit, before any payment is asked', async () => {
    const res = await post(h.app, 'mktdataTrendingTokens', { limit: 6, sortType: 'sideways', offset: -1, extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.headers['payment-required']).toBeUndefined();
    const problem = res.json();
    expect(problem).toMatchObject({
      type: 'urn:svc:error:invalid_input',
      status: 400,
      code: 'invalid_input',
      tool: 'mktdataTrendingTokens',
    });
    const byField = Object.fromEntries(problem.issues.map((i: { field: string }) => [i.field, i]));
    expect(byField.limit).toMatchObject({ rule: 'too_big', limit: 5 });
    expect(byField.offset).toMatchObject({ rule: 'too_small', limit: 0 });
    expect(byField.sortType).toMatchObject({ rule: 'enum', limit: ['asc', 'desc'] });
    expect(problem.issues.find((i: { rule: string }) => i.rule === 'unknown_key')).toMatchObject({ limit: ['extra'] });
  });

  it.each([
    ['createMemory', { category: 'notes\u0000', content: 'c' }, 'category'],
    ['updateMemory', { memoryId: 'm1', category: 'notes', content: 'c\u0000' }, 'content'],
    ['getUserMemoriesByCategory', { category: '\u0000' }, 'category'],
    ['addTrackedWallet', { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', label: 'a\u0000b' }, 'label'],
    ['svcCreateVault', { name: 'v\u0000' }, 'name'],
    ['findPositionById', { positionId: 'p\u0000' }, 'positionId'],
    ['getLeaderboard', { query: '\u0000' }, 'query'],
  ])('refuses a NUL character in %s with 400 naming the field, before any payment', async (tool, body, field) => {
    const res = await post(h.app, tool, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['payment-required']).toBeUndefined();
    expect(res.json().issues).toEqual([
      expect.objectContaining({ field, rule: 'format', message: expect.stringContaining('NUL') }),
    ]);
  });

  it('reports a missing required field as rule "required"', async () => {
    const res = await post(h.app, 'websearch', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([expect.objectContaining({ field: 'query', rule: 'required' })]);
  });

  it('answers a valid unpaid call with 402: PAYMENT-REQUIRED header and the same JSON body, five accepts at the USD price', async () => {
    for (const name of ['wallet', 'addTrackedWallet', 'websearch', 'getLeaderboard']) {
      const tool = findTool(name)!;
      const usd = priceOf(tool);
      const res = await post(
        h.app,
        name,
        name === 'addTrackedWallet'
          ? { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
          : name === 'websearch'
            ? { query: 'btc etf' }
            : {},
      );
      expect(res.statusCode, name).toBe(402);
      const header = decodePaymentRequiredHeader(res.headers['payment-required'] as string);
      expect(res.json()).toEqual(header);
      expect(header.x402Version).toBe(2);
      expect(header.resource.url).toBe(`${BASE_URL}/api/tools/execute/unified/${name}`);
      expect(header.accepts).toHaveLength(5);
      const amounts = Object.fromEntries(header.accepts.map((a) => [a.asset, a.amount]));
      const usdc6 = usdToAtomic(usd, 6, '1').toString();
      expect(amounts['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913']).toBe(usdc6);
      expect(amounts.EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v).toBe(usdc6);
      expect(amounts['sip010:SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx.usdcx-token']).toBe(usdc6);
      expect(amounts['slip44:5757']).toBe(usdToAtomic(usd, 6, SANDBOX_PRICES.STX).toString());
      expect(amounts['sip010:SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token.sbtc-token']).toBe(
        usdToAtomic(usd, 8, SANDBOX_PRICES.BTC).toString(),
      );
      const payTo = Object.fromEntries(header.accepts.map((a) => [a.network, a.payTo]));
      expect(payTo).toEqual({
        'eip155:8453': SANDBOX_PAY_TO.base,
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': SANDBOX_PAY_TO.solana,
        'stacks:1': SANDBOX_PAY_TO.stacks,
      });
    }
  });

  it('applies SVC_PRICE_OVERRIDES to the 402 amounts', async () => {
    const { buildApp } = await import('../src/app.js');
    const { loadConfig } = await import('@svc/config');
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', SVC_PRICE_OVERRIDES: '{"websearch":"0.5"}' }), {
      db: h.db,
    });
    const res = await post(app, 'websearch', { query: 'x' });
    expect(decodePaymentRequiredHeader(res.headers['payment-required'] as string).accepts[0]!.amount).toBe('500000');
    await app.close();
  });

  it('answers 400 for a PAYMENT-SIGNATURE that is not an x402 payload', async () => {
    const res = await post(h.app, 'websearch', { query: 'x' }, { 'payment-signature': 'not-base64!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_payment_header');
  });

  it('refuses a paid call to a tool without a handler with 501 naming it, before verifying (nothing charged)', async () => {
    const res = await post(h.app, UNIMPLEMENTED_TOOL, { q: 'x' }, { 'payment-signature': UNVERIFIABLE_PAYMENT });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 'not_implemented', tool: UNIMPLEMENTED_TOOL });
    expect(res.json().detail).toContain(UNIMPLEMENTED_TOOL);
  });

  it('answers 503 naming FACILITATOR_URL for a paid call while payment verification is unavailable', async () => {
    const res = await post(
      h.app,
      'hederaContractIdToEvmAddress',
      { contractId: '0.0.1234' },
      { 'payment-signature': UNVERIFIABLE_PAYMENT },
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'not_configured', setting: 'FACILITATOR_URL' });
  });

  it('returns problem+json 404 for unknown routes and never echoes secrets', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/nope', headers: { authorization: 'Bearer secret-token' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(res.body).not.toContain('secret-token');
  });

  it('prices all 218 tools (a 402 for each valid empty-bodied tool)', async () => {
    const noRequired = catalog.filter((tool) => tool.input.safeParse({}).success);
    expect(noRequired.length).toBeGreaterThan(20);
    for (const tool of noRequired) {
      const res = await post(h.app, tool.name, {});
      expect(res.statusCode, tool.name).toBe(402);
    }
  });
});
