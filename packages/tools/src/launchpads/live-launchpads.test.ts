import { findTool, parseInput, type ToolName } from '@svc/contracts';
import { liveEvmNetworks, Providers } from '@svc/providers';
import { replayJsonRpc, useMockAgent } from '@svc/providers/testing';
import type { Queryable } from '@svc/store';
import { decodeFunctionData, encodeFunctionResult, getAddress, type Hex, parseEther, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import clankerTokens from '../../../providers/src/clanker/fixtures/tokens.json' with { type: 'json' };
import fourMemeQuery from '../../../providers/src/four-meme/fixtures/token-query.json' with { type: 'json' };
import { handlers } from '../families.js';
import type { Handler, HandlerContext } from '../handler.js';
import { testMasterKey } from '../testing/caller-contexts.js';
import { FOUR_MEME_ABI, FOUR_MEME_HELPER, FOUR_MEME_TOKEN_MANAGER } from './bonding/four-meme-abi.js';
import { bondingBuyCall, planBondingBuy } from './bonding/trade.js';

const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };

/** Live mode with public providers only: no EVM RPC, no Hedera network configured. */
const live: HandlerContext = {
  mode: 'live',
  db: {} as Queryable,
  caller: { accountId: 'acct-launchpads-live' },
  masterKey: testMasterKey(),
  providers: new Providers('live', {}),
};

async function call(name: ToolName, raw: Record<string, unknown>, context: HandlerContext = live) {
  const handler = handlers[name] as Handler<ToolName>;
  return handler(parseInput(findTool(name)!.input, raw, name) as never, context);
}

const BSC_RPC = 'https://bsc-rpc.example/';
const CURVE_TOKEN = getAddress('0x4a8d2b4f3a61e8f6c7e1b1f9e2b0c3d4e5f60718');
/** four.meme's V1 token manager, which TokenManager2's buyTokenAMAP/sellToken do not trade. */
const V1_MANAGER = getAddress('0xec4549cadce5da21df6e6422d448034b5233bfbc');
const ERC20_QUOTE = getAddress('0x8d0d000ee44948fc98c9b98a4fa4921476f08b0d');

/**
 * BSC answering TokenManagerHelper3's views as constructed here: getTokenInfo with `manager` and `quote` (a token
 * on its curve), tryBuy with amountMsgValue and amountFunds that differ.
 */
function bscHelper(mockAgent: ReturnType<ReturnType<typeof useMockAgent>>, token: { manager: string; quote: string }) {
  return replayJsonRpc(mockAgent, BSC_RPC, [], (request) => {
    if (request.method === 'eth_chainId') return { result: '0x38' };
    expect(request.method).toBe('eth_call');
    const { to, data } = (request.params as [{ to: string; data: Hex }])[0];
    expect(to.toLowerCase()).toBe(FOUR_MEME_HELPER.toLowerCase());
    const { functionName } = decodeFunctionData({ abi: FOUR_MEME_ABI, data });
    if (functionName === 'getTokenInfo')
      return {
        result: encodeFunctionResult({
          abi: FOUR_MEME_ABI,
          functionName,
          result: [
            2n,
            token.manager,
            token.quote,
            10n ** 10n,
            100n,
            0n,
            1_700_000_000n,
            10n ** 26n,
            8n * 10n ** 26n,
            10n ** 18n,
            24n * 10n ** 18n,
            false,
          ],
        } as never),
      };
    expect(functionName).toBe('tryBuy');
    return {
      result: encodeFunctionResult({
        abi: FOUR_MEME_ABI,
        functionName,
        result: [
          token.manager,
          token.quote,
          10n ** 22n,
          parseEther('0.099'),
          parseEther('0.001'),
          parseEther('0.1'),
          0n,
          parseEther('0.099'),
        ],
      } as never),
    };
  });
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

  it('refuses a token of another four.meme manager or priced in an ERC-20 with a 400, before the commit', async () => {
    const token = { manager: '', quote: '' };
    bscHelper(mockAgent(), token);
    for (const [manager, quote, reason] of [
      [V1_MANAGER, zeroAddress, 'unsupported_manager'],
      [FOUR_MEME_TOKEN_MANAGER, ERC20_QUOTE, 'unsupported_quote'],
    ] as const) {
      Object.assign(token, { manager, quote });
      const commits: string[] = [];
      const context: HandlerContext = {
        ...live,
        evmNetworks: liveEvmNetworks({ RPC_URL_BSC: BSC_RPC }),
        commit: async () => {
          commits.push('commit');
        },
      };
      for (const [tool, body] of [
        ['bscBuyBondingToken', { tokenAddress: CURVE_TOKEN, bnbAmount: '0.1' }],
        ['bscSellBondingToken', { tokenAddress: CURVE_TOKEN, tokenAmount: 'max' }],
      ] as const)
        await expect(call(tool, body, context)).rejects.toMatchObject({
          code: 'invalid_input',
          issues: [expect.objectContaining({ field: 'tokenAddress', rule: reason })],
        });
      expect(commits).toEqual([]);
    }
  });

  it("buys with tryBuy's amountFunds as buyTokenAMAP's funds and its amountMsgValue as the value", async () => {
    bscHelper(mockAgent(), { manager: FOUR_MEME_TOKEN_MANAGER, quote: zeroAddress });
    const context: HandlerContext = { ...live, evmNetworks: liveEvmNetworks({ RPC_URL_BSC: BSC_RPC }) };
    const plan = await planBondingBuy(context, { tokenAddress: CURVE_TOKEN, bnbAmount: '0.1' });
    const call = bondingBuyCall(plan, 9n * 10n ** 21n);
    expect(call.to).toBe(FOUR_MEME_TOKEN_MANAGER);
    expect(call.value).toBe(parseEther('0.1'));
    expect(decodeFunctionData({ abi: FOUR_MEME_ABI, data: call.data })).toEqual({
      functionName: 'buyTokenAMAP',
      args: [CURVE_TOKEN, parseEther('0.099'), 9n * 10n ** 21n],
    });
  });

  it('the Hedera launchpad (memejob) answers 503 naming HEDERA_NETWORK when live Hedera is not configured', async () => {
    for (const [name, input] of [
      ['hederaFindMemeCoins', {}],
      ['hederaLaunchBuyToken', { tokenId: '0.0.5000301', amount: '1' }],
    ] as const)
      await expect(call(name, input)).rejects.toMatchObject({
        code: 'not_configured',
        extra: { setting: 'HEDERA_NETWORK' },
      });
  });

  it('input rules are 400s before anything is read', async () => {
    await expect(call('bscfindMemeCoinsViaBonding', { pageIndex: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call('bscBuyBondingToken', { bnbAmount: '1' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call('baseFindFactoryTokens', { chainId: 1 })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
