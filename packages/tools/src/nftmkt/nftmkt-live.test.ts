import { findTool, parseInput, type ToolName } from '@svc/contracts';
import { Providers } from '@svc/providers';
import { useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { Handler, HandlerContext } from '../handler.js';
import { nftmktFamily } from './index.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const live = (env: Record<string, string>) =>
  ({ mode: 'live', caller: undefined, providers: new Providers('live', env) }) as HandlerContext;

async function call(name: ToolName, raw: Record<string, unknown>, context: HandlerContext) {
  const handler = (nftmktFamily.handlers as Record<string, Handler<ToolName>>)[name]!;
  return handler(parseInput(findTool(name)!.input, raw, name) as never, context);
}

describe('the nftmkt tools in live mode', () => {
  const mockAgent = useMockAgent();

  it('answer 503 naming OPENSEA_API_KEY when it is not set, for reads and writes alike', async () => {
    for (const [tool, input] of [
      ['nftmktGetCollectionStats', { collectionSlug: 'doodles-official' }],
      ['nftmktListNFT', { chain: 'base', contractAddress: `0x${'1'.repeat(40)}`, tokenId: '1', price: '1' }],
    ] as const) {
      await expect(call(tool, input, live({}))).rejects.toMatchObject({
        code: 'not_configured',
        message: expect.stringContaining('OPENSEA_API_KEY'),
      });
    }
  });

  it("answer OpenSea's body with the slug asked for", async () => {
    const stats = {
      total: {
        volume: 12.5,
        sales: 3,
        average_price: 4.1,
        num_owners: 2,
        market_cap: 10,
        floor_price: 1,
        floor_price_symbol: 'ETH',
      },
      intervals: [
        { interval: 'one_day', volume: 1, volume_diff: 0, volume_change: 0, sales: 1, sales_diff: 0, average_price: 1 },
      ],
    };
    mockAgent()
      .get('https://api.opensea.io')
      .intercept({ path: '/api/v2/collections/doodles-official/stats', headers: { 'x-api-key': 'k' } })
      .reply(200, stats, { headers: JSON_HEADERS });
    expect(
      await call('nftmktGetCollectionStats', { collectionSlug: 'doodles-official' }, live({ OPENSEA_API_KEY: 'k' })),
    ).toEqual({
      collectionSlug: 'doodles-official',
      ...stats,
    });
  });
});
