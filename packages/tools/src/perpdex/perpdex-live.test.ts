import { findTool, outputOf, parseInput, type ToolName } from '@svc/contracts';
import { Providers } from '@svc/providers';
import { HYPERLIQUID_RECORDED_ANSWERS as HL, useMockAgent } from '@svc/providers/testing';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Handler, HandlerContext } from '../handler.js';
import { perpdexFamily } from './index.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
/** The clearinghouse fixture's user, who is the account every account read below asks about. */
const USER = HL.clearinghouseState.request.user;
const ONE_HYPE_WEI = '0xde0b6b3a7640000';

/** A live-mode context with no sandbox exchange and no chains: every answer must come from Hyperliquid. */
const live = () => ({ mode: 'live', caller: undefined, providers: new Providers('live', {}) }) as HandlerContext;

/** A tool's answer, after checking it against the answer schema the catalog publishes for it. */
async function call(name: ToolName, raw: Record<string, unknown>) {
  const handler = (perpdexFamily.handlers as Record<string, Handler<ToolName>>)[name]!;
  const tool = findTool(name)!;
  const answer = await handler(parseInput(tool.input, raw, name) as never, live());
  expect(outputOf(tool)!.safeParse(answer).error).toBeUndefined();
  return answer;
}

describe('the perpdex tools in live mode (Hyperliquid, recorded answers)', () => {
  const mockAgent = useMockAgent({ assertAllUsed: false });
  /** Hyperliquid answers each info request type with its recorded answer; `asked` keeps the request bodies. */
  const serveInfo = () => {
    const asked: Record<string, unknown>[] = [];
    mockAgent()
      .get('https://api.hyperliquid.xyz')
      .intercept({ path: '/info', method: 'POST' })
      .reply((request) => {
        const body = JSON.parse(String(request.body)) as { type: keyof typeof HL };
        asked.push(body);
        return {
          statusCode: 200,
          data: JSON.stringify(HL[body.type].response),
          responseOptions: { headers: JSON_HEADERS },
        };
      })
      .persist();
    return asked;
  };

  it('perpdexPerpMarkets joins meta and contexts, sorts by 24h notional volume and cuts to limit', async () => {
    serveInfo();
    const { markets } = (await call('perpdexPerpMarkets', { limit: 2 })) as { markets: { coin: string }[] };
    expect(markets.map((market) => market.coin)).toEqual(['ETH', 'BTC']);
    expect(markets[0]).toMatchObject({ szDecimals: 4, maxLeverage: 50, dayNtlVlm: '1426126.295175', markPx: '6.0436' });
    expect(await call('perpdexPerpMarkets', { coins: ['hpos', 'NOPE'] })).toMatchObject({
      markets: [expect.objectContaining({ coin: 'HPOS' })],
      unknownCoins: ['NOPE'],
    });
  });

  it('perpdexPrice, perpdexCandles and perpdexPerpAccount answer what Hyperliquid answered', async () => {
    const asked = serveInfo();
    expect(await call('perpdexPrice', { coins: ['btc', 'NOPE'] })).toEqual({
      mids: { BTC: HL.allMids.response.BTC },
      unknownCoins: ['NOPE'],
    });
    const { req } = HL.candleSnapshot.request;
    const candles = await call('perpdexCandles', {
      coin: req.coin,
      interval: req.interval,
      startTime: req.startTime,
      endTime: req.endTime,
    });
    expect(candles.candles).toEqual(HL.candleSnapshot.response);
    expect(asked).toContainEqual({ type: 'candleSnapshot', req });
    const account = await call('perpdexPerpAccount', { user: USER });
    expect(account).toEqual({ user: getAddress(USER), ...HL.clearinghouseState.response });
  });

  it('perpdexHoldings adds the perp account, spot at mids, staking, vaults and HyperEVM HYPE', async () => {
    serveInfo();
    mockAgent()
      .get('https://rpc.hyperliquid.xyz')
      .intercept({ path: '/evm', method: 'POST' })
      .reply((request) => {
        const { id } = JSON.parse(String(request.body)) as { id: number };
        return {
          statusCode: 200,
          data: JSON.stringify({ jsonrpc: '2.0', id, result: ONE_HYPE_WEI }),
          responseOptions: { headers: JSON_HEADERS },
        };
      });
    const holdings = (await call('perpdexHoldings', { user: USER })) as Record<string, unknown> & {
      spotBalances: unknown[];
    };
    const equity = HL.userVaultEquities.response.reduce((sum, vault) => sum + Number(vault.equity), 0);
    // The recorded mids are from before HYPE listed: HYPE has no mid there, so HYPE holdings count 0 USD.
    expect(holdings.breakdown).toEqual({
      perpsUsd: Number(HL.clearinghouseState.response.marginSummary.accountValue),
      spotUsd: Number(HL.spotClearinghouseState.response.balances[0]!.total),
      evmWalletUsd: 0,
      stakingUsd: 0,
      vaultsUsd: equity,
    });
    expect(holdings.perpEvmWallet).toEqual({ address: getAddress(USER), hype: '1', valueUsd: 0 });
    expect(holdings.spotBalances[1]).toMatchObject({ coin: 'HYPE', priceUsd: null, valueUsd: null });
    expect(holdings.staking).toEqual({ summary: HL.delegatorSummary.response, delegations: HL.delegations.response });
  });

  it('answers every other read with what Hyperliquid answered, as the published schemas describe', async () => {
    serveInfo();
    const { coin, startTime, endTime } = HL.fundingHistory.request;
    const answers = {
      perpdexStaking: await call('perpdexStaking', { user: USER }),
      perpdexVaults: await call('perpdexVaults', { user: USER }),
      perpdexPortfolio: await call('perpdexPortfolio', { user: USER }),
      perpdexOpenOrders: await call('perpdexOpenOrders', { user: USER }),
      perpdexOrderHistory: await call('perpdexOrderHistory', { user: USER, limit: 100 }),
      perpdexFills: await call('perpdexFills', { user: USER, limit: 100 }),
      perpdexOrderBook: await call('perpdexOrderBook', { coin: HL.l2Book.request.coin, depth: 20 }),
      perpdexFundingHistory: await call('perpdexFundingHistory', { coin, startTime, endTime }),
    };
    expect(answers.perpdexVaults).toMatchObject({ vaults: HL.userVaultEquities.response });
    expect(answers.perpdexOpenOrders).toMatchObject({ orders: HL.frontendOpenOrders.response });
    expect(answers.perpdexOrderHistory.orders).toHaveLength(HL.historicalOrders.response.length);
    expect(answers.perpdexFills.fills).toHaveLength(HL.userFills.response.length);
    expect(answers.perpdexPortfolio.portfolio).toEqual(Object.fromEntries(HL.portfolio.response));
    expect(answers.perpdexOrderBook).toEqual({
      coin: HL.l2Book.response.coin,
      time: HL.l2Book.response.time,
      bids: HL.l2Book.response.levels[0],
      asks: HL.l2Book.response.levels[1],
    });
    expect(answers.perpdexFundingHistory.funding).toEqual(HL.fundingHistory.response);
  });

  it('refuses a .hl name without HLNAMES_API_KEY and an ENS name without an Ethereum RPC (503s naming them), a bad range (400)', async () => {
    await expect(call('perpdexStaking', { user: 'someone.hl' })).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining('HLNAMES_API_KEY'),
    });
    await expect(call('perpdexStaking', { user: 'vitalik.eth' })).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining('RPC_URL_ETHEREUM'),
    });
    await expect(call('perpdexStaking', { user: 'not a name' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call('perpdexCandles', { coin: 'BTC', startTime: 10, endTime: 5 })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ field: 'endTime' })],
    });
  });
});
