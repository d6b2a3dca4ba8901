import { type Db, recommendedTokensOf } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { callerContexts } from '../testing/caller-contexts.js';
import { recommendedTokensFamily } from './index.js';

const { displayRecommendedEVMTokensToBuy, displayRecommendedHederaTokensToBuy, displayRecommendedSolanaTokensToBuy } =
  recommendedTokensFamily.handlers;

describe.each(testBackends())('displayRecommended*TokensToBuy on $name', (backend) => {
  let db: Db;
  let alice: HandlerContext;
  let bob: HandlerContext;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = (await callerContexts(db, [
      '0x00000000000000000000000000000000000000A1',
      '0x00000000000000000000000000000000000000b0',
    ])) as [HandlerContext, HandlerContext];
  });
  afterAll(() => db.close());

  it('display tools answer with the display payload and keep the latest list per chain family', async () => {
    const sol = {
      address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      decimals: 6,
      name: 'USD Coin',
      symbol: 'USDC',
      marketcap: 1e9,
    };
    const evm = {
      address: '0x55d398326f99059fF775485246999027B3197955',
      decimals: 18,
      name: 'Tether USD',
      symbol: 'USDT',
      marketcap: 2e9,
    };
    const hts = { tokenId: '0.0.456858', decimals: 6, name: 'USD Coin', symbol: 'USDC', marketcap: 1e6 };
    const shownSol = await displayRecommendedSolanaTokensToBuy({ tokens: [sol] }, alice);
    expect(shownSol).toMatchObject({ display: 'recommended_tokens', chain: 'solana', tokens: [sol], count: 1 });
    expect(shownSol).not.toHaveProperty('chainId');
    expect(Date.parse(shownSol.storedAt as string)).not.toBeNaN();
    expect(await displayRecommendedEVMTokensToBuy({ chainId: 56, tokens: [evm, evm] }, alice)).toMatchObject({
      chain: 'bsc',
      chainId: 56,
      count: 2,
    });
    expect(await displayRecommendedEVMTokensToBuy({ chainId: 1, tokens: [] }, bob)).toMatchObject({
      chain: 'ethereum',
      chainId: 1,
      tokens: [],
      count: 0,
    });
    expect(await displayRecommendedHederaTokensToBuy({ tokens: [hts] }, bob)).toMatchObject({
      chain: 'hedera',
      tokens: [hts],
      count: 1,
    });

    expect(await recommendedTokensOf(db, alice.caller!.accountId, 'evm')).toMatchObject({
      chainId: 56,
      tokens: [evm, evm],
    });
    expect(await recommendedTokensOf(db, bob.caller!.accountId, 'evm')).toMatchObject({ chainId: 1, tokens: [] });
    expect(await recommendedTokensOf(db, bob.caller!.accountId, 'solana')).toBeUndefined();
    expect(await recommendedTokensOf(db, alice.caller!.accountId, 'hedera')).toBeUndefined();
  });
});
