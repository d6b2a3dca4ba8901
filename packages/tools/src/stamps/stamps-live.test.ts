import { findTool, outputOf, parseInput, type ToolName } from '@svc/contracts';
import { Providers } from '@svc/providers';
import { STAMPCHAIN_RECORDED_ANSWERS, useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { Handler, HandlerContext } from '../handler.js';
import { stampsFamily } from './index.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A live-mode context with no sandbox index: every answer must come from Stampchain, which needs no key. */
const live = () => ({ mode: 'live', caller: undefined, providers: new Providers('live', {}) }) as HandlerContext;

/** Validate a raw body with the catalog's schema, as invoke does before any payment, and run the tool. */
async function call(name: ToolName, raw: Record<string, unknown>) {
  const handler = (stampsFamily.handlers as Record<string, Handler<ToolName>>)[name]!;
  return handler(parseInput(findTool(name)!.input, raw, name) as never, live());
}

describe('the stamps tools in live mode', () => {
  const mockAgent = useMockAgent();

  it("answer Stampchain's body, asking for the tick upper-cased and the search with the spec's default page 5", async () => {
    const stampchain = mockAgent().get('https://stampchain.io');
    stampchain
      .intercept({ path: '/api/v2/stamps/277572' })
      .reply(200, STAMPCHAIN_RECORDED_ANSWERS.stamp, { headers: JSON_HEADERS });
    stampchain
      .intercept({ path: '/api/v2/src20/tick/KEVIN/deploy' })
      .reply(200, STAMPCHAIN_RECORDED_ANSWERS.src20Deploy, { headers: JSON_HEADERS });
    stampchain
      .intercept({ path: '/api/v2/src20/search', query: { q: 'kev', page: '5' } })
      .reply(200, { data: [] }, { headers: JSON_HEADERS });
    stampchain
      .intercept({ path: '/api/v2/stamps', query: { limit: '10', page: '1', sort_order: 'DESC' } })
      .reply(
        200,
        { page: 1, limit: 10, totalPages: 0, total: 0, last_block: 904000, data: [] },
        { headers: JSON_HEADERS },
      );

    const stamp = await call('getStamp', { stampId: '277572' });
    expect(stamp).toEqual(STAMPCHAIN_RECORDED_ANSWERS.stamp);
    expect(outputOf(findTool('getStamp')!)!.safeParse(stamp).success).toBe(true);
    expect(await call('getSRC20Token', { tick: 'kevin' })).toEqual(STAMPCHAIN_RECORDED_ANSWERS.src20Deploy);
    expect(await call('searchSRC20Tokens', { query: 'kev' })).toEqual({ data: [] });
    expect(await call('getRecentStamps', {})).toMatchObject({ limit: 10, data: [] });
  });

  it('refuse a bad checksum with a 400 naming the field before calling Stampchain', async () => {
    // No interceptor: a request to Stampchain would fail the test with a refused connection, not a 400.
    await expect(
      call('getStampsByAddress', { bitcoinAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }),
    ).rejects.toMatchObject({ status: 400, issues: [{ field: 'bitcoinAddress', rule: 'format' }] });
  });

  it('answer 501 in sandbox mode when the service has no stamps index (nothing is charged)', async () => {
    const context = { mode: 'sandbox', caller: undefined, providers: new Providers('sandbox', {}) } as HandlerContext;
    await expect(stampsFamily.handlers.getRecentStamps({ limit: 10 }, context)).rejects.toMatchObject({ status: 501 });
  });
});
