import { findTool, parseInput, type ToolName } from '@svc/contracts';
import { Providers } from '@svc/providers';
import { useMockAgent } from '@svc/providers/testing';
import type { Queryable } from '@svc/store';
import { describe, expect, it } from 'vitest';
import clankerTokens from '../../../providers/src/clanker/fixtures/tokens.json' with { type: 'json' };
import fourMemeQuery from '../../../providers/src/four-meme/fixtures/token-query.json' with { type: 'json' };
import { handlers } from '../families.js';
import type { Handler, HandlerContext } from '../handler.js';
import { testMasterKey } from '../testing/caller-contexts.js';

const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };

/** Live mode with public providers only: no EVM RPC, no Hedera network configured. */
const live: HandlerContext = {
  mode: 'live',
  db: {} as Queryable,
  caller: { accountId: 'acct-launchpads-live' },
  masterKey: testMasterKey(),
  providers: new Providers('live', {}),
};

async function call(name: ToolName, raw: Record<string, unknown>) {
  const handler = handlers[name] as Handler<ToolName>;
  return handler(parseInput(findTool(name)!.input, raw, name) as never, live);
}

describe('the EVM and Hedera launchpad tools in live mode', () => {
  const mockAgent = useMockAgent();

  it("bscfindMemeCoinsViaBonding lists four.meme's query answer as launchpad tokens", async () => {
    mockAgent()
      .get('https://four.meme')
      .intercept({
        path: '/meme-api/v1/private/token/query',
        query: { orderBy: 'Hot', pageIndex: '1', pageSize: '30' },
      })
      .reply(200, fourMemeQuery, JSON_HEADERS);
    const answer = await call('bscfindMemeCoinsViaBonding', {});
    expect(answer).toMatchObject({ chainId: 56, source: 'four.meme', total: null });
    expect(answer.tokens).toEqual([
      expect.objectContaining({ symbol: 'ECDOG', label: 'Meme', progress: 0.31, listedDex: false, raisedBnb: '7.44' }),
      expect.objectContaining({ symbol: 'ELAGENT', progress: 1, listedDex: true, volume24hBnb: '35.2' }),
    ]);
  });

  it("baseFindFactoryTokens lists Clanker's tokens with market and creator when asked", async () => {
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
        },
      })
      .reply(200, clankerTokens, JSON_HEADERS);
    const answer = await call('baseFindFactoryTokens', { includeUser: true });
    expect(answer).toMatchObject({ chainId: 8453, source: 'Clanker', total: 1 });
    expect(answer.tokens).toEqual([
      expect.objectContaining({
        symbol: 'EBCAT',
        market: { priceUsd: 0.0000183422, marketCapUsd: 1834221.5 },
        creator: { address: '0x3e5f7a9b1c2d4e6f8a0b1c3d5e7f9a1b2c4d6e8f' },
      }),
    ]);
  });

  it('the BSC curve tools answer 503 naming RPC_URL_BSC without it, before any payment', async () => {
    const token = '0x4a8d2b4f3a61e8f6c7e1b1f9e2b0c3d4e5f60718';
    for (const [tool, body] of [
      ['isBondingToken', { tokenAddress: token }],
      ['bscBuyBondingToken', { tokenAddress: token, bnbAmount: '0.1' }],
      ['bscSellBondingToken', { tokenAddress: token, tokenAmount: 'max' }],
    ] as const)
      await expect(call(tool, body)).rejects.toMatchObject({
        code: 'not_configured',
        extra: { setting: 'RPC_URL_BSC' },
      });
  });

  it('the Hedera launchpad is sandbox-only: 501 in live mode', async () => {
    await expect(call('hederaFindMemeCoins', {})).rejects.toMatchObject({ code: 'not_implemented' });
    await expect(call('hederaLaunchBuyToken', { tokenId: '0.0.5000301', amount: '1' })).rejects.toMatchObject({
      code: 'not_implemented',
    });
  });

  it('input rules are 400s before anything is read', async () => {
    await expect(call('bscfindMemeCoinsViaBonding', { pageIndex: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call('bscBuyBondingToken', { bnbAmount: '1' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call('baseFindFactoryTokens', { chainId: 1 })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
