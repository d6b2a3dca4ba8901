import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOrder, createPosition, moveOrder, settlePosition } from './conditional-orders.js';
import type { Db } from './db.js';
import { accountsOf, testBackends } from './testing.js';
import { setWebhookEndpoint } from './webhook-endpoints.js';
import { claimDueDeliveries } from './webhook-outbox.js';

/** The store keeps the custody package's envelope as it is; its bytes mean nothing here. */
const SEALED = { version: 1, masterKeyId: 'local:test', wrappedDataKey: 'wk', ciphertext: 'ct' };

describe.each(testBackends())('order notifications in the webhook outbox ($name)', (backend) => {
  let db: Db;
  let subscribed: string;
  let silent: string;
  beforeAll(async () => {
    db = await backend.open();
    [subscribed, silent] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b2',
    );
    await setWebhookEndpoint(db, subscribed, 'http://127.0.0.1:9/hook', SEALED);
  });
  afterAll(() => db?.close());

  /** An EXIT position of one armed stop-loss selling 2 of token 0xaa for 0xbb. */
  const exitPosition = (accountId: string) =>
    createPosition(db, {
      accountId,
      network: 'base',
      kind: 'EXIT',
      asset: '0xaa',
      quoteToken: '0xbb',
      actor: 'test',
      orders: [
        {
          role: 'EXIT',
          orderType: 'STOP_MARKET',
          watchToken: '0xaa',
          triggerPrice: '10',
          direction: 'BELOW',
          sellToken: '0xaa',
          buyToken: '0xbb',
          sellQuantity: '2',
          buyQuantity: null,
          status: 'PENDING',
        },
      ],
    });
  const bodiesOf = async (accountId: string) =>
    (
      await db.query<{ payload: string }>(
        'SELECT payload FROM webhook_outbox WHERE account_id = $1 ORDER BY order_event_id',
        [accountId],
      )
    ).rows.map((row) => JSON.parse(row.payload) as { type: string; timestamp: string; data: Record<string, unknown> });

  it('a fill and the position it closes are enqueued with the transition, once, for an account with an endpoint', async () => {
    const position = await exitPosition(subscribed);
    const orderId = position.orders[0]!.orderId;
    await claimOrder(db, orderId, 'worker:a', '9.5');
    expect(await bodiesOf(subscribed)).toEqual([]);
    const fill = { txHash: '0xfeed', priceSeen: '9.5', soldQuantity: '2', boughtQuantity: '19' };
    expect(await moveOrder(db, orderId, ['EXECUTING'], 'EXECUTED', 'worker:a', 'executed', fill)).toBeDefined();
    // Another worker's late outcome for the same claim changes nothing and enqueues nothing.
    expect(await moveOrder(db, orderId, ['EXECUTING'], 'EXECUTED', 'worker:b', 'executed', fill)).toBeUndefined();
    expect(await settlePosition(db, position.positionId, 'worker:a')).toBe('CLOSED');
    expect(await settlePosition(db, position.positionId, 'worker:a')).toBe('CLOSED');

    const [filled, closed, ...more] = await bodiesOf(subscribed);
    expect(more).toEqual([]);
    expect(filled).toEqual({
      type: 'order.filled',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        eventId: expect.stringMatching(/^oev_\d+$/),
        orderId,
        positionId: position.positionId,
        network: 'base',
        role: 'EXIT',
        type: 'STOP_MARKET',
        status: 'EXECUTED',
        watchToken: '0xaa',
        triggerPriceUsd: '10',
        direction: 'BELOW',
        sellToken: '0xaa',
        buyToken: '0xbb',
        priceSeenUsd: '9.5',
        soldQuantity: '2',
        boughtQuantity: '19',
        txHash: '0xfeed',
        failureReason: null,
        at: filled!.timestamp,
      },
    });
    expect(closed).toMatchObject({
      type: 'position.closed',
      data: { positionId: position.positionId, kind: 'EXIT', asset: '0xaa', quoteToken: '0xbb', status: 'CLOSED' },
    });
    expect(new Date(closed!.timestamp).getTime()).toBeGreaterThanOrEqual(new Date(filled!.timestamp).getTime());
    // Due at once, to the account's endpoint.
    const due = await claimDueDeliveries(db, 10, 60_000);
    expect(due.map((delivery) => [delivery.accountId, delivery.endpoint?.url])).toEqual([
      [subscribed, 'http://127.0.0.1:9/hook'],
      [subscribed, 'http://127.0.0.1:9/hook'],
    ]);
  });

  it('a failed order is enqueued with its reason; the other history events and accounts without an endpoint get none', async () => {
    const failing = await exitPosition(subscribed);
    const orderId = failing.orders[0]!.orderId;
    await claimOrder(db, orderId, 'worker:a', '9');
    await moveOrder(db, orderId, ['EXECUTING'], 'FAILED', 'worker:a', 'failed', {
      priceSeen: '9',
      failureReason: 'insufficient funds',
    });
    expect(await settlePosition(db, failing.positionId, 'worker:a')).toBe('FAILED');
    expect((await bodiesOf(subscribed)).at(-1)).toMatchObject({
      type: 'order.failed',
      data: { orderId, status: 'FAILED', failureReason: 'insufficient funds', txHash: null, soldQuantity: null },
    });
    expect(await bodiesOf(subscribed)).toHaveLength(3);

    const unsubscribed = await exitPosition(silent);
    const silentOrder = unsubscribed.orders[0]!.orderId;
    await claimOrder(db, silentOrder, 'worker:a', '9');
    await moveOrder(db, silentOrder, ['EXECUTING'], 'EXECUTED', 'worker:a', 'executed', { soldQuantity: '2' });
    expect(await settlePosition(db, unsubscribed.positionId, 'worker:a')).toBe('CLOSED');
    expect(await bodiesOf(silent)).toEqual([]);
  });
});
