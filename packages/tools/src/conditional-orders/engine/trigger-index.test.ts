import { describe, expect, it } from 'vitest';
import { type IndexedOrder, TriggerIndex } from './trigger-index.js';

const order = (orderId: string, direction: 'ABOVE' | 'BELOW', triggerPrice: number, token = 'T'): IndexedOrder => ({
  orderId,
  network: 'base',
  token,
  direction,
  triggerPrice,
});
const ids = (orders: readonly IndexedOrder[]) => orders.map((crossed) => crossed.orderId);

describe('TriggerIndex', () => {
  it('a tick takes exactly the orders it crosses, nearest trigger first, and they leave the index', () => {
    const index = new TriggerIndex();
    for (const armed of [
      order('a3', 'ABOVE', 3),
      order('a1', 'ABOVE', 1),
      order('a2', 'ABOVE', 2),
      order('b1', 'BELOW', 1),
      order('b0', 'BELOW', 0.5),
    ])
      index.upsert(armed);
    expect(ids(index.crossing('base', 'T', 1.5))).toEqual(['a1']);
    expect(ids(index.crossing('base', 'T', 2))).toEqual(['a2']); // an ABOVE trigger fires at its price
    expect(ids(index.crossing('base', 'T', 2.5))).toEqual([]);
    expect(ids(index.crossing('base', 'T', 1))).toEqual(['b1']); // a BELOW trigger too
    expect(ids(index.crossing('base', 'T', 10))).toEqual(['a3']);
    expect(ids(index.crossing('base', 'T', 0.1))).toEqual(['b0']);
    expect(index.size).toBe(0);
    expect(index.tokens()).toEqual([]);
  });

  it('equal triggers are taken together, oldest first; other tokens and networks are untouched', () => {
    const index = new TriggerIndex();
    for (const armed of [
      order('x', 'ABOVE', 2),
      order('y', 'ABOVE', 2),
      order('z', 'ABOVE', 2),
      order('other', 'ABOVE', 1, 'U'),
    ])
      index.upsert(armed);
    expect(ids(index.crossing('solana', 'T', 5))).toEqual([]);
    expect(ids(index.crossing('base', 'T', 2))).toEqual(['x', 'y', 'z']);
    expect(index.tokens()).toEqual([{ network: 'base', token: 'U' }]);
  });

  it('upsert moves a changed trigger and remove disarms, also among equal triggers', () => {
    const index = new TriggerIndex();
    for (const armed of [order('p', 'BELOW', 5), order('q', 'BELOW', 5), order('r', 'BELOW', 5)]) index.upsert(armed);
    index.remove('q');
    index.upsert(order('p', 'BELOW', 3));
    expect(index.has('q')).toBe(false);
    expect(ids(index.crossing('base', 'T', 4))).toEqual(['r']);
    expect(ids(index.crossing('base', 'T', 3))).toEqual(['p']);
    index.remove('missing');
    expect(index.size).toBe(0);
  });

  it("claimsFor: a poll's crossings in tick order, each with the price that crossed it; a later tick does not re-take them", () => {
    const index = new TriggerIndex();
    for (const armed of [
      order('t1', 'ABOVE', 2),
      order('t2', 'ABOVE', 3),
      order('u1', 'BELOW', 1, 'U'),
      order('keep', 'ABOVE', 9),
    ])
      index.upsert(armed);
    const tick = (token: string, priceUsd: number) => ({ network: 'base', token, priceUsd });
    expect(index.claimsFor([tick('T', 2.5), tick('U', 0.75), tick('T', 3), tick('T', 3.5), tick('V', 1)])).toEqual([
      { orderId: 't1', priceSeen: '2.5' },
      { orderId: 'u1', priceSeen: '0.75' },
      { orderId: 't2', priceSeen: '3' },
    ]);
    expect(index.claimsFor([tick('T', 4)])).toEqual([]);
    expect(ids(index.crossing('base', 'T', 9))).toEqual(['keep']);
  });
});
