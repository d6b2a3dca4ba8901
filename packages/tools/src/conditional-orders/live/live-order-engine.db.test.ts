import { findTool, parseInput, ServiceError } from '@svc/contracts';
import { RECORDED_JUPITER_PRICE_V3 as priceV3, useMockAgent } from '@svc/providers/testing';
import { createPosition, type Db, orderById } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../handler.js';
import { handlers } from '../../families.js';
import { callerContexts, testMasterKey } from '../../testing/caller-contexts.js';
import { OrderEngine } from '../engine/order-engine.js';
import { recordingExecutor } from '../testing.js';
import { liveOrderEngine } from './live-order-engine.js';
import { livePriceFeed } from './live-price-feed.js';
import { liveOrderNetworks } from './order-networks.js';
import { solanaMarketPriceFeed } from './solana-market-price-feed.js';
import { liveEvmNetworks, liveSolanaChain } from '@svc/providers';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WETH = '0x4200000000000000000000000000000000000006';
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const JSON_HEADERS = { 'content-type': 'application/json' };
/** A live deployment with Solana fully configured and Base missing its 0x key; the other EVM networks have nothing. */
const SETTINGS = {
  SOLANA_RPC_URL: 'http://127.0.0.1:1',
  JUPITER_API_KEY: 'jup-key',
  RPC_URL_BASE: 'http://127.0.0.1:1',
};

async function call(name: string, raw: unknown, context: HandlerContext): Promise<any> {
  const tool = findTool(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return (handlers as Record<string, (input: unknown, context: HandlerContext) => Promise<unknown>>)[name]!(
    parseInput(tool.input, raw, name),
    context,
  );
}

describe('live order networks', () => {
  it('watches the networks whose every setting is present and names what the others miss', () => {
    expect(liveOrderNetworks(SETTINGS)).toEqual({
      watched: ['solana'],
      missing: {
        ethereum: ['RPC_URL_ETHEREUM', 'ZEROX_API_KEY'],
        bsc: ['RPC_URL_BSC', 'ZEROX_API_KEY'],
        polygon: ['RPC_URL_POLYGON', 'ZEROX_API_KEY'],
        base: ['ZEROX_API_KEY'],
      },
    });
    expect(liveOrderNetworks({ ...SETTINGS, ZEROX_API_KEY: 'k' }).watched).toEqual(['solana', 'base']);
  });

  it('the live engine executes on the watched networks only', () => {
    const networks = liveOrderNetworks(SETTINGS);
    const engine = liveOrderEngine({
      db: {} as Db,
      masterKey: testMasterKey(),
      evmNetworks: liveEvmNetworks(SETTINGS),
      solana: liveSolanaChain(SETTINGS),
      networks,
    });
    expect(
      ['solana', 'ethereum', 'bsc', 'polygon', 'base'].filter((network) => engine.executes(network as never)),
    ).toEqual(['solana']);
  });
});

describe.each(testBackends())('live conditional orders on $name', (backend) => {
  const mockAgent = useMockAgent();
  let db: Db;
  let alice: HandlerContext;
  const commits: string[] = [];
  const networks = liveOrderNetworks(SETTINGS);

  beforeAll(async () => {
    db = await backend.open();
    const [context] = await callerContexts(db, ['0x00000000000000000000000000000000000000c1']);
    alice = {
      ...(context as HandlerContext),
      mode: 'live',
      orderNetworks: networks,
      commit: async () => void commits.push('commit'),
    };
  });
  afterAll(() => db.close());

  it('a create on a network that is not watched is a 503 naming the missing setting, before its payment settles; nothing is created', async () => {
    commits.length = 0;
    const refused = await call(
      'createBaseConditionalExit',
      {
        assetToSell: WETH,
        receiveToken: USDC_BASE,
        sellQuantity: 1,
        exitType: 'LIMIT',
        triggerPriceUsd: '4000',
        triggerDirection: 'ABOVE',
      },
      alice,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'ZEROX_API_KEY', network: 'base' },
    });
    expect((refused as ServiceError).message).toContain('ZEROX_API_KEY');
    const entry = await call(
      'createEthereumConditionalEntry',
      { targetToken: WETH, fundingToken: USDC_BASE, fundingQuantity: 10, entryType: 'MARKET' },
      alice,
    ).catch((e: unknown) => e);
    expect(entry).toMatchObject({
      code: 'not_configured',
      extra: { setting: 'RPC_URL_ETHEREUM', settings: ['RPC_URL_ETHEREUM', 'ZEROX_API_KEY'] },
    });
    expect(commits).toEqual([]);
    expect(await call('getAllPositions', {}, alice)).toEqual({ positions: [], count: 0 });
  });

  it('executeEarly on an order left on a network that is no longer watched names the missing settings; the order stays PENDING', async () => {
    const accountId = alice.caller?.accountId as string;
    const position = await createPosition(db, {
      accountId,
      network: 'base',
      kind: 'EXIT',
      asset: WETH,
      quoteToken: USDC_BASE,
      actor: `account:${accountId}`,
      orders: [
        {
          role: 'EXIT',
          orderType: 'STOP_MARKET',
          watchToken: WETH,
          triggerPrice: '2000',
          direction: 'BELOW',
          sellToken: WETH,
          buyToken: USDC_BASE,
          sellQuantity: '1',
          buyQuantity: null,
          status: 'PENDING',
        },
      ],
    });
    const [order] = position.orders;
    const refused = await call('deleteConditionalOrder', { orderId: order?.orderId, executeEarly: true }, alice).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: 'not_configured', extra: { setting: 'ZEROX_API_KEY', network: 'base' } });
    expect(await orderById(db, order?.orderId as string)).toMatchObject({ status: 'PENDING' });
  });

  it('feed -> index -> claim -> executor: a Solana LIMIT exit fires on the Jupiter price and runs through the executor once', async () => {
    commits.length = 0;
    const jupiter = mockAgent().get('https://api.jup.ag');
    const priceOf = (ids: string, body: object) =>
      jupiter
        .intercept({ method: 'GET', path: '/price/v3', query: { ids }, headers: { 'x-api-key': 'jup-key' } })
        .reply(200, body, { headers: JSON_HEADERS });
    priceOf(JUP, { [JUP]: priceV3[JUP] });
    // The swap plan reads the other token's price too (the LIMIT's minimum output); it was not watched, so it is asked once.
    priceOf(SOL_USDC, {
      [SOL_USDC]: {
        usdPrice: 0.9999,
        liquidity: 5_000_000_000,
        decimals: 6,
        blockId: 348004026,
        createdAt: '2024-06-05T08:55:25.527Z',
        priceChange24h: 0,
      },
    });
    const executor = recordingExecutor(() => 0.4);
    const engine = new OrderEngine({
      db,
      executors: { solana: executor },
      feed: livePriceFeed({ feeds: { solana: solanaMarketPriceFeed(liveSolanaChain(SETTINGS)) } }),
      workerId: 'live-test',
    });
    await engine.start();
    const created = await call(
      'createSolanaConditionalExit',
      {
        assetToSell: JUP,
        receiveToken: SOL_USDC,
        sellQuantity: 100,
        exitType: 'LIMIT',
        triggerPriceUsd: '0.4',
        triggerDirection: 'ABOVE',
      },
      alice,
    );
    expect(commits).toEqual(['commit']);
    const [order] = created.position.orders;
    await engine.pass();
    await engine.idle();
    await engine.pass();
    await engine.idle();
    expect(executor.swaps).toHaveLength(1);
    // LIMIT at 0.4 or better: at least 100 * 0.4 / 0.9999 USDC.
    expect(executor.swaps[0]?.request).toMatchObject({
      network: 'solana',
      sellToken: JUP,
      buyToken: SOL_USDC,
      sellQuantity: '100',
      minBuyQuantity: '40.0040004',
    });
    const stored = await orderById(db, order.orderId);
    expect(stored).toMatchObject({
      status: 'EXECUTED',
      priceSeen: String(priceV3[JUP].usdPrice),
      claimedBy: 'worker:live-test',
    });
  });
});
