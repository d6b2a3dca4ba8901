import { findTool, parseInput, ServiceError } from '@svc/contracts';
import { type Db, orderById, setSandboxPrice } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { handlers } from '../families.js';
import { callerContexts } from '../testing/caller-contexts.js';
import { OrderEngine, sandboxPriceFeed } from './index.js';
import { recordingExecutor } from './testing.js';

const USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const WETH = '0x4200000000000000000000000000000000000006';
const SOL_MINT = 'So11111111111111111111111111111111111111112';
const SOL_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

async function rejection(call: Promise<unknown>): Promise<ServiceError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/** Call a tool as invoke would: validate with its catalog schema, then run its handler. */
async function call(name: string, raw: unknown, context: HandlerContext): Promise<any> {
  const tool = findTool(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const input = parseInput(tool.input, raw, name);
  return (handlers as Record<string, (input: unknown, context: HandlerContext) => Promise<unknown>>)[name]!(
    input,
    context,
  );
}

describe.each(testBackends())('conditional orders on $name', (backend) => {
  let db: Db;
  let alice: HandlerContext;
  let bob: HandlerContext;
  let engine: OrderEngine;
  let executor: ReturnType<typeof recordingExecutor>;
  const price = (token: string, priceUsd: string, network = 'base') => setSandboxPrice(db, network, token, priceUsd);
  /** One worker pass, then wait for the swaps it started. */
  const pass = async () => {
    await engine.pass();
    await engine.idle();
  };

  beforeAll(async () => {
    db = await backend.open();
    executor = recordingExecutor();
    engine = new OrderEngine({
      db,
      executors: { base: executor },
      feed: sandboxPriceFeed(db),
      workerId: 'test-worker',
    });
    const [a, b] = await callerContexts(db, [
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b0',
    ]);
    alice = { ...(a as HandlerContext), orderEngine: engine };
    bob = { ...(b as HandlerContext), orderEngine: engine };
    await engine.start();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    executor.failWith = undefined;
    await price(WETH, '3000');
    await price(USDC, '1');
  });

  const entry = (extra: Record<string, unknown>) => ({
    targetToken: WETH,
    fundingToken: USDC,
    fundingQuantity: 100,
    ...extra,
  });

  it('MARKET entry: placed (not filled) with its TP/SL in one call, then entered by the worker and the exits armed', async () => {
    const created = await call(
      'createBaseConditionalEntry',
      entry({
        entryType: 'MARKET',
        stopLossPriceUsd: '2500',
        stopLossDirection: 'BELOW',
        takeProfitPriceUsd: '4000',
        takeProfitDirection: 'ABOVE',
      }),
      alice,
    );
    expect(created.placed).toBe(true);
    expect(created.note).toMatch(/placed, not filled/);
    expect(created.position.status).toBe('OPEN');
    expect(created.position.orders.map((order: any) => [order.role, order.type, order.status])).toEqual([
      ['ENTRY', 'MARKET', 'PENDING'],
      ['STOP_LOSS', 'STOP_MARKET', 'WAITING'],
      ['TAKE_PROFIT', 'LIMIT', 'WAITING'],
    ]);
    const swapsBefore = executor.swaps.length;
    await pass();
    expect(executor.swaps.length).toBe(swapsBefore + 1);
    expect(executor.swaps.at(-1)?.request).toMatchObject({
      sellToken: USDC,
      buyToken: WETH,
      sellQuantity: '100',
      accountId: alice.caller?.accountId,
    });
    const { position } = await call('findPositionById', { positionId: created.position.positionId }, alice);
    expect(position.status).toBe('OPEN');
    const [entryOrder, stopLoss, takeProfit] = position.orders;
    expect(entryOrder).toMatchObject({
      status: 'EXECUTED',
      soldQuantity: '100',
      boughtQuantity: '200',
      claimedBy: 'worker:test-worker',
    });
    expect(entryOrder.txHash).toMatch(/^0x/);
    expect(stopLoss).toMatchObject({ status: 'PENDING', sellQuantity: '200', sellToken: WETH, buyToken: USDC });
    expect(takeProfit).toMatchObject({ status: 'PENDING', sellQuantity: '200' });
    expect(position.history.map((event: any) => event.event)).toEqual(
      expect.arrayContaining(['created', 'claimed', 'signed', 'executed', 'armed']),
    );
    expect(position.history.find((event: any) => event.event === 'executed')).toMatchObject({
      actor: 'worker:test-worker',
      txHash: entryOrder.txHash,
    });

    // Take-profit and stop-loss are one-cancels-the-other: the price rises through the take-profit.
    await price(WETH, '4100');
    await pass();
    const closed = (await call('findPositionById', { positionId: created.position.positionId }, alice)).position;
    expect(closed.status).toBe('CLOSED');
    expect(closed.orders.map((order: any) => order.status)).toEqual(['EXECUTED', 'CANCELLED', 'EXECUTED']);
    expect(closed.orders[2]).toMatchObject({ priceSeenUsd: '4100', soldQuantity: '200' });
    expect(executor.swaps.at(-1)?.request).toMatchObject({ sellToken: WETH, buyToken: USDC, sellQuantity: '200' });
  });

  it('LIMIT entry BELOW waits until the price falls through entryPriceUsd; STOP_MARKET ABOVE until it rises through', async () => {
    const limit = (
      await call(
        'createBaseConditionalEntry',
        entry({ entryType: 'LIMIT', entryPriceUsd: '2800', entryDirection: 'BELOW' }),
        alice,
      )
    ).position;
    const stop = (
      await call(
        'createBaseConditionalEntry',
        entry({ entryType: 'STOP_MARKET', entryPriceUsd: '3200', entryDirection: 'ABOVE' }),
        alice,
      )
    ).position;
    await pass();
    const status = async (positionId: string) =>
      (await call('findPositionById', { positionId }, alice)).position.orders[0].status;
    expect(await status(limit.positionId)).toBe('PENDING');
    expect(await status(stop.positionId)).toBe('PENDING');
    await price(WETH, '2900');
    await pass();
    expect(await status(limit.positionId)).toBe('PENDING');
    await price(WETH, '2750');
    await pass();
    expect(await status(limit.positionId)).toBe('EXECUTED');
    expect(await status(stop.positionId)).toBe('PENDING');
    await price(WETH, '3250');
    await pass();
    expect(await status(stop.positionId)).toBe('EXECUTED');
  });

  it('deleteConditionalOrder cancels a PENDING order permanently; the position with it', async () => {
    const { position } = await call(
      'createBaseConditionalEntry',
      entry({
        entryType: 'LIMIT',
        entryPriceUsd: '1000',
        entryDirection: 'BELOW',
        stopLossPriceUsd: '900',
        stopLossDirection: 'BELOW',
      }),
      alice,
    );
    const result = await call('deleteConditionalOrder', { orderId: position.orders[0].orderId }, alice);
    expect(result).toMatchObject({ action: 'cancelled', order: { status: 'CANCELLED' }, positionStatus: 'CANCELLED' });
    const again = await rejection(call('deleteConditionalOrder', { orderId: position.orders[0].orderId }, alice));
    expect(again).toMatchObject({ code: 'state_conflict', status: 409 });
    expect((await call('findPositionById', { positionId: position.positionId }, alice)).position.orders[1].status).toBe(
      'CANCELLED',
    );
    // Cancelled for good: the price crossing later does nothing.
    await price(WETH, '500');
    const swaps = executor.swaps.length;
    await pass();
    expect(executor.swaps.length).toBe(swaps);
  });

  it('deleteConditionalOrder with executeEarly executes a PENDING order now at the market price; an executed order cannot be modified', async () => {
    const { position } = await call(
      'createBaseConditionalExit',
      {
        assetToSell: WETH,
        receiveToken: USDC,
        sellQuantity: 0.5,
        exitType: 'LIMIT',
        triggerPriceUsd: '9000',
        triggerDirection: 'ABOVE',
      },
      alice,
    );
    const orderId = position.orders[0].orderId;
    const result = await call('deleteConditionalOrder', { orderId, executeEarly: true, network: 'base' }, alice);
    expect(result).toMatchObject({
      action: 'executed',
      order: { status: 'EXECUTED', soldQuantity: '0.5' },
      positionStatus: 'CLOSED',
    });
    expect(result.order.claimedBy).toBe(`account:${alice.caller?.accountId}`);
    for (const executeEarly of [false, true]) {
      const refused = await rejection(call('deleteConditionalOrder', { orderId, executeEarly }, alice));
      expect(refused).toMatchObject({ code: 'state_conflict', status: 409 });
      expect(refused.message).toMatch(/executed orders cannot be modified/);
    }
  });

  it('updatePosition: entryPrice only for a pending LIMIT entry; a price adds or replaces an exit, null removes it, omitted leaves it', async () => {
    const { position } = await call(
      'createBaseConditionalEntry',
      entry({
        entryType: 'LIMIT',
        entryPriceUsd: '1000',
        entryDirection: 'BELOW',
        takeProfitPriceUsd: '5000',
        takeProfitDirection: 'ABOVE',
      }),
      alice,
    );
    const updated = await call(
      'updatePosition',
      { positionId: position.positionId, entryPrice: '1100', stopLossPrice: '900', stopLossDirection: 'BELOW' },
      alice,
    );
    expect(updated.changes).toEqual(['entryPrice replaced', 'stop-loss added']);
    const orders = (role: string) => updated.position.orders.filter((order: any) => order.role === role);
    expect(orders('ENTRY')[0]).toMatchObject({ triggerPriceUsd: '1100', status: 'PENDING' });
    expect(orders('STOP_LOSS')[0]).toMatchObject({ triggerPriceUsd: '900', direction: 'BELOW', status: 'WAITING' });
    expect(orders('TAKE_PROFIT')[0]).toMatchObject({ triggerPriceUsd: '5000', status: 'WAITING' });
    const replaced = await call(
      'updatePosition',
      { positionId: position.positionId, stopLossPrice: '950', stopLossDirection: 'BELOW', takeProfitPrice: null },
      alice,
    );
    expect(replaced.changes).toEqual(['stop-loss replaced', 'take-profit removed']);
    const live = replaced.position.orders
      .filter((order: any) => order.status !== 'CANCELLED')
      .map((order: any) => [order.role, order.triggerPriceUsd]);
    expect(live).toEqual([
      ['ENTRY', '1100'],
      ['STOP_LOSS', '950'],
    ]);
    // Omitted fields stay; the new entry price is what the engine watches.
    await price(WETH, '1050');
    await pass();
    const filled = (await call('findPositionById', { positionId: position.positionId }, alice)).position;
    expect(filled.orders.map((order: any) => order.status)).toEqual(['EXECUTED', 'CANCELLED', 'PENDING']);
    // entryPrice after the entry executed, or on a non-LIMIT entry, is refused.
    expect(
      await rejection(call('updatePosition', { positionId: position.positionId, entryPrice: '1200' }, alice)),
    ).toMatchObject({ code: 'state_conflict' });
    const stop = (
      await call(
        'createBaseConditionalEntry',
        entry({ entryType: 'STOP_MARKET', entryPriceUsd: '9000', entryDirection: 'ABOVE' }),
        alice,
      )
    ).position;
    const refused = await rejection(call('updatePosition', { positionId: stop.positionId, entryPrice: '9500' }, alice));
    expect(refused.message).toMatch(/valid only for a pending LIMIT entry/);
  });

  it('updatePosition needs a direction with a price (400 naming the field) and refuses to modify an executed exit', async () => {
    const missing = await rejection(call('updatePosition', { positionId: 'pos_x', stopLossPrice: '1' }, alice));
    expect(missing).toMatchObject({ code: 'invalid_input', issues: [{ field: 'stopLossDirection' }] });
    const { position } = await call(
      'createBaseConditionalExit',
      {
        assetToSell: WETH,
        receiveToken: USDC,
        sellQuantity: 1,
        exitType: 'STOP_MARKET',
        triggerPriceUsd: '2000',
        triggerDirection: 'BELOW',
      },
      alice,
    );
    const added = await call(
      'updatePosition',
      { positionId: position.positionId, takeProfitPrice: '5000', takeProfitDirection: 'ABOVE' },
      alice,
    );
    expect(added.position.orders[1]).toMatchObject({ role: 'TAKE_PROFIT', status: 'PENDING', sellQuantity: '1' });
    await price(WETH, '1900');
    await pass();
    const closed = (await call('findPositionById', { positionId: position.positionId }, alice)).position;
    expect(closed).toMatchObject({ status: 'CLOSED' });
    expect(closed.orders.map((order: any) => order.status)).toEqual(['EXECUTED', 'CANCELLED']);
    expect(
      await rejection(call('updatePosition', { positionId: position.positionId, takeProfitPrice: null }, alice)),
    ).toMatchObject({ code: 'state_conflict' });
  });

  it('cancelPosition detects the network when omitted, refuses a wrong one, and closeAllPositions touches one network only', async () => {
    const onBase = (
      await call(
        'createBaseConditionalEntry',
        entry({ entryType: 'LIMIT', entryPriceUsd: '10', entryDirection: 'BELOW' }),
        alice,
      )
    ).position;
    const onSolana = (
      await call(
        'createSolanaConditionalEntry',
        {
          targetToken: SOL_MINT,
          fundingToken: SOL_USDC,
          targetQuantity: 2,
          entryType: 'LIMIT',
          entryPriceUsd: '10',
          entryDirection: 'BELOW',
        },
        alice,
      )
    ).position;
    const onBase2 = (
      await call(
        'createBaseConditionalEntry',
        entry({ entryType: 'LIMIT', entryPriceUsd: '10', entryDirection: 'BELOW' }),
        alice,
      )
    ).position;
    const wrong = await rejection(
      call('cancelPosition', { positionId: onBase.positionId, network: 'ethereum' }, alice),
    );
    expect(wrong).toMatchObject({ code: 'invalid_input', issues: [{ field: 'network' }] });
    expect(await call('cancelPosition', { positionId: onBase.positionId }, alice)).toMatchObject({
      cancelled: true,
      position: { status: 'CANCELLED', network: 'base' },
    });
    expect(await rejection(call('cancelPosition', { positionId: onBase.positionId }, alice))).toMatchObject({
      code: 'state_conflict',
    });
    expect(await rejection(call('closeAllPositions', {}, alice))).toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'network' }],
    });
    const closed = await call('closeAllPositions', { network: 'base' }, alice);
    expect(closed.cancelled).toContain(onBase2.positionId);
    expect(closed.cancelled).not.toContain(onSolana.positionId);
    expect(
      (await call('listPositions', { network: 'solana', status: 'OPEN' }, alice)).positions.map(
        (p: any) => p.positionId,
      ),
    ).toEqual([onSolana.positionId]);
    expect((await call('listPositions', { network: 'base', status: 'OPEN' }, alice)).count).toBe(0);
    const all = await call('getAllPositions', {}, alice);
    expect(new Set(all.positions.map((p: any) => p.network))).toEqual(new Set(['base', 'solana']));
    expect(
      (await call('getAllPositions', { status: 'CANCELLED' }, alice)).positions.every(
        (p: any) => p.status === 'CANCELLED',
      ),
    ).toBe(true);
  });

  it('a failed swap is recorded with its reason and fails the position, cancelling its other orders', async () => {
    const { position } = await call(
      'createBaseConditionalEntry',
      entry({ entryType: 'MARKET', stopLossPriceUsd: '100', stopLossDirection: 'BELOW' }),
      alice,
    );
    executor.failWith = 'insufficient USDC: balance 0, needed 100';
    await pass();
    const failed = (await call('findPositionById', { positionId: position.positionId }, alice)).position;
    expect(failed.status).toBe('FAILED');
    expect(failed.orders[0]).toMatchObject({
      status: 'FAILED',
      failureReason: 'insufficient USDC: balance 0, needed 100',
    });
    expect(failed.orders[1].status).toBe('CANCELLED');
    expect(failed.history.find((event: any) => event.event === 'failed')).toMatchObject({
      detail: 'insufficient USDC: balance 0, needed 100',
    });
  });

  it("one account never sees or changes another account's positions (404 as for a missing one)", async () => {
    const { position } = await call(
      'createBaseConditionalEntry',
      entry({ entryType: 'LIMIT', entryPriceUsd: '10', entryDirection: 'BELOW' }),
      alice,
    );
    for (const [tool, body] of [
      ['findPositionById', { positionId: position.positionId }],
      ['cancelPosition', { positionId: position.positionId }],
      ['updatePosition', { positionId: position.positionId, stopLossPrice: null }],
      ['deleteConditionalOrder', { orderId: position.orders[0].orderId }],
    ] as const) {
      expect(await rejection(call(tool, body, bob))).toMatchObject({ code: 'not_found', status: 404 });
    }
    expect((await call('getAllPositions', {}, bob)).count).toBe(0);
    expect((await call('closeAllPositions', { network: 'base' }, bob)).cancelled).toEqual([]);
    expect((await call('findPositionById', { positionId: position.positionId }, alice)).position.status).toBe('OPEN');
  });

  it('validates the quote handoff fields with 400s naming the field', async () => {
    const issue = async (tool: string, body: unknown) =>
      (await rejection(call(tool, body, alice))).issues?.map((i) => i.field);
    expect(await issue('createBaseConditionalEntry', entry({ targetQuantity: 1, entryType: 'MARKET' }))).toContain(
      'fundingQuantity',
    );
    expect(
      await issue('createBaseConditionalEntry', { targetToken: WETH, fundingToken: USDC, entryType: 'MARKET' }),
    ).toContain('fundingQuantity');
    expect(await issue('createBaseConditionalEntry', entry({ entryType: 'MARKET', entryPriceUsd: '1' }))).toContain(
      'entryPriceUsd',
    );
    expect(await issue('createBaseConditionalEntry', entry({ entryType: 'LIMIT', entryPriceUsd: '1' }))).toContain(
      'entryDirection',
    );
    expect(await issue('createBaseConditionalEntry', entry({ entryType: 'MARKET', stopLossPriceUsd: '1' }))).toContain(
      'stopLossDirection',
    );
    expect(await issue('createBaseConditionalEntry', entry({ entryType: 'MARKET', fundingQuantity: -1 }))).toContain(
      'fundingQuantity',
    );
    expect(await issue('createBaseConditionalEntry', entry({ entryType: 'MARKET', entryPriceUsd: '0' }))).toContain(
      'entryPriceUsd',
    );
    expect(
      await issue(
        'createBaseConditionalEntry',
        entry({ entryType: 'MARKET', fundingToken: WETH.toUpperCase().replace('0X', '0x') }),
      ),
    ).toEqual(['targetToken']);
    expect(await issue('createSolanaConditionalEntry', entry({ entryType: 'MARKET' }))).toContain('targetToken');
    expect(
      await issue('createBaseConditionalExit', {
        assetToSell: WETH,
        receiveToken: USDC,
        sellQuantity: 1,
        exitType: 'LIMIT',
        triggerPriceUsd: '1',
        triggerDirection: 'BELOW',
      }),
    ).toEqual(['triggerDirection']);
    expect(
      await issue('createBaseConditionalExit', {
        assetToSell: WETH,
        receiveToken: USDC,
        exitType: 'LIMIT',
        triggerPriceUsd: '1',
        triggerDirection: 'ABOVE',
      }),
    ).toContain('sellQuantity');
    // A null exit price means no such exit.
    const { position } = await call(
      'createBaseConditionalEntry',
      entry({
        entryType: 'LIMIT',
        entryPriceUsd: '1',
        entryDirection: 'BELOW',
        stopLossPriceUsd: null,
        stopLossDirection: null,
      }),
      alice,
    );
    expect(position.orders).toHaveLength(1);
  });

  it('an entry given as targetQuantity spends it at the current prices plus slippage and must receive at least that', async () => {
    await price(WETH, '2000');
    const { position } = await call(
      'createBaseConditionalEntry',
      { targetToken: WETH, fundingToken: USDC, targetQuantity: 0.5, entryType: 'MARKET' },
      alice,
    );
    await pass();
    const swap = executor.swaps.at(-1);
    expect(swap?.request.minBuyQuantity).toBe('0.5');
    expect(Number(swap?.request.sellQuantity)).toBeCloseTo(1000 / 0.99, 3);
    expect((await call('findPositionById', { positionId: position.positionId }, alice)).position.orders[0].status).toBe(
      'EXECUTED',
    );
  });

  it('two workers race for one order: exactly one claims and executes it', async () => {
    const second = new OrderEngine({
      db,
      executors: { base: executor },
      feed: sandboxPriceFeed(db),
      workerId: 'second',
    });
    await second.start();
    const { position } = await call(
      'createBaseConditionalExit',
      {
        assetToSell: WETH,
        receiveToken: USDC,
        sellQuantity: 3,
        exitType: 'STOP_MARKET',
        triggerPriceUsd: '1500',
        triggerDirection: 'BELOW',
      },
      alice,
    );
    await Promise.all([engine.sync(), second.sync()]);
    const swaps = executor.swaps.length;
    const tick = { network: 'base' as const, token: WETH, priceUsd: 1400 };
    const claims = await Promise.all([engine.tick(tick), second.tick(tick)]);
    expect(claims.flat().filter((order) => order.positionId === position.positionId)).toHaveLength(1);
    await Promise.all([engine.idle(), second.idle()]);
    expect(executor.swaps.length).toBe(swaps + 1);
    expect((await orderById(db, position.orders[0].orderId))?.status).toBe('EXECUTED');
  });

  it("a feed poll's ticks claim every order they cross together, each at the price that crossed it", async () => {
    const exit = (trigger: string) => ({
      assetToSell: WETH,
      receiveToken: USDC,
      sellQuantity: 1,
      exitType: 'STOP_MARKET',
      triggerPriceUsd: trigger,
      triggerDirection: 'BELOW',
    });
    const first = (await call('createBaseConditionalExit', exit('1480'), alice)).position.orders[0].orderId;
    const second = (await call('createBaseConditionalExit', exit('1350'), alice)).position.orders[0].orderId;
    await engine.sync();
    const claimed = await engine.ticks([
      { network: 'base', token: WETH, priceUsd: 1450 },
      { network: 'base', token: WETH, priceUsd: 1300 },
    ]);
    expect(claimed.map((order) => order.orderId).sort()).toEqual([first, second].sort());
    await engine.idle();
    expect(await orderById(db, first)).toMatchObject({ status: 'EXECUTED', priceSeen: '1450' });
    expect(await orderById(db, second)).toMatchObject({ status: 'EXECUTED', priceSeen: '1300' });
  });

  it('a claim left by a crashed worker is reconciled at start-up: released when nothing was signed, recorded when the chain has it', async () => {
    const exit = {
      assetToSell: WETH,
      receiveToken: USDC,
      sellQuantity: 1,
      exitType: 'STOP_MARKET',
      triggerPriceUsd: '100',
      triggerDirection: 'BELOW',
    };
    const unsigned = (await call('createBaseConditionalExit', exit, alice)).position.orders[0].orderId;
    const mined = (await call('createBaseConditionalExit', exit, alice)).position.orders[0].orderId;
    // The crashed worker "crash-1" claimed both; it had signed and broadcast the second before dying.
    const crashed = new OrderEngine({
      db,
      executors: { base: executor },
      feed: sandboxPriceFeed(db),
      workerId: 'crash-1',
    });
    await crashed.claim(unsigned, '90');
    const claimedMined = await crashed.claim(mined, '90');
    const outcome = await executor.execute(
      {
        network: 'base',
        accountId: alice.caller!.accountId,
        sellToken: WETH,
        buyToken: USDC,
        sellQuantity: '1',
        minBuyQuantity: undefined,
      },
      async (txHash) => {
        await db.query('UPDATE conditional_orders SET tx_hash = $2 WHERE order_id = $1', [
          claimedMined!.orderId,
          txHash,
        ]);
      },
    );
    const swaps = executor.swaps.length;
    const restarted = new OrderEngine({
      db,
      executors: { base: executor },
      feed: sandboxPriceFeed(db),
      workerId: 'crash-1',
    });
    await restarted.reconcile();
    expect(await orderById(db, mined)).toMatchObject({ status: 'EXECUTED', txHash: outcome.txHash });
    expect(await orderById(db, unsigned)).toMatchObject({ status: 'PENDING' });
    expect(executor.swaps.length).toBe(swaps);
    // The released one is then retried normally (the price is below its trigger): exactly one more swap.
    await price(WETH, '90');
    await restarted.pass();
    await restarted.idle();
    expect(await orderById(db, unsigned)).toMatchObject({ status: 'EXECUTED' });
    expect(executor.swaps.length).toBe(swaps + 1);
  });

  it('calculateAdjustedPrice returns priceFormatted as a POSDEC', async () => {
    expect(await call('calculateAdjustedPrice', { priceUsd: '3000', adjustPercent: -5 }, alice)).toMatchObject({
      priceFormatted: '2850',
    });
    expect(
      (
        await call(
          'calculateAdjustedPrice',
          { priceUsd: 0.000001234567, adjustPercent: 10, significantDigits: 4 },
          alice,
        )
      ).priceFormatted,
    ).toBe('0.000001358');
    expect(
      (await call('calculateAdjustedPrice', { priceUsd: 123456789, adjustPercent: 0, significantDigits: 3 }, alice))
        .priceFormatted,
    ).toBe('123000000');
    expect(
      await rejection(call('calculateAdjustedPrice', { priceUsd: 1, adjustPercent: 5, direction: 'BELOW' }, alice)),
    ).toMatchObject({ issues: [{ field: 'adjustPercent' }] });
  });
});
