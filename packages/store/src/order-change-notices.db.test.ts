import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimOrder, createPosition, moveOrder, onOrderChanges } from './conditional-orders.js';
import type { Db } from './db.js';
import { accountsOf, testBackends } from './testing.js';

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.each(testBackends())('order change notices ($name)', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('PostgreSQL announces inserted and changed orders, but not claims (nothing another worker indexes); PGlite has none, its workers poll', async () => {
    let notices = 0;
    const stop = await onOrderChanges(db, () => (notices += 1));
    if (backend.name === 'pglite') {
      expect(stop).toBeUndefined();
      return;
    }
    expect(stop).toBeTypeOf('function');
    // Listening announces itself once: whatever changed before it is read by the next follow.
    await until(() => notices === 1);
    const [accountId] = await accountsOf(db, '0x00000000000000000000000000000000000000a1');
    const position = await createPosition(db, {
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
          triggerPrice: '1',
          direction: 'BELOW',
          sellToken: '0xaa',
          buyToken: '0xbb',
          sellQuantity: '1',
          buyQuantity: null,
          status: 'PENDING',
        },
      ],
    });
    await until(() => notices === 2);
    const orderId = position.orders[0]!.orderId;
    const quiet = async (expected: number) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(notices).toBe(expected);
    };
    expect(await claimOrder(db, orderId, 'worker:a', '1')).toBeDefined();
    await quiet(2);
    expect(await claimOrder(db, orderId, 'worker:b', '1')).toBeUndefined();
    await quiet(2);
    expect(await moveOrder(db, orderId, ['EXECUTING'], 'PENDING', 'worker:a', 'released')).toBeDefined();
    await until(() => notices === 3);
    await quiet(3);
    await stop?.();
    await db.query(`UPDATE conditional_orders SET claimed_by = 'worker:c' WHERE order_id = $1`, [orderId]);
    await quiet(3);
  });
});
