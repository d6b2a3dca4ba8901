import type { Direction } from '@svc/store';

/** One armed order in the index. */
export interface IndexedOrder {
  readonly orderId: string;
  readonly network: string;
  readonly token: string;
  readonly direction: Direction;
  readonly triggerPrice: number;
}

/**
 * The orders of one (network, token, direction), ordered so that the ones a price reaches first come first:
 * ABOVE ascending (a price p fires every trigger <= p), BELOW descending (p fires every trigger >= p). A tick then
 * removes a prefix: it touches only the orders that cross.
 */
class TriggerLadder {
  readonly prices: number[] = [];
  readonly ids: string[] = [];
  constructor(private readonly ascending: boolean) {}

  /** First position whose trigger comes after `price` in ladder order (upper bound). */
  private after(price: number): number {
    let low = 0;
    let high = this.prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const at = this.prices[mid] as number;
      if (this.ascending ? at <= price : at >= price) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  add(orderId: string, price: number): void {
    const at = this.after(price);
    this.prices.splice(at, 0, price);
    this.ids.splice(at, 0, orderId);
  }

  remove(orderId: string, price: number): void {
    for (let at = this.after(price) - 1; at >= 0 && this.prices[at] === price; at -= 1) {
      if (this.ids[at] === orderId) {
        this.prices.splice(at, 1);
        this.ids.splice(at, 1);
        return;
      }
    }
  }

  /** Remove and return the orders `price` reaches. */
  take(price: number): string[] {
    const count = this.after(price);
    if (count === 0) return [];
    this.prices.splice(0, count);
    return this.ids.splice(0, count);
  }
}

const keyOf = (network: string, token: string, direction: Direction) => `${network}|${token}|${direction}`;

/** The in-memory trigger index of one worker: armed orders per (network, token, direction), ordered by trigger price. */
export class TriggerIndex {
  private readonly ladders = new Map<string, TriggerLadder>();
  private readonly orders = new Map<string, IndexedOrder>();
  /** Watched (network, token) pairs with how many armed orders each has. */
  private readonly watched = new Map<string, { network: string; token: string; count: number }>();

  get size(): number {
    return this.orders.size;
  }

  has(orderId: string): boolean {
    return this.orders.has(orderId);
  }

  /** Add an order, or move it when its trigger changed. */
  upsert(order: IndexedOrder): void {
    this.remove(order.orderId);
    const key = keyOf(order.network, order.token, order.direction);
    let ladder = this.ladders.get(key);
    if (!ladder) {
      ladder = new TriggerLadder(order.direction === 'ABOVE');
      this.ladders.set(key, ladder);
    }
    ladder.add(order.orderId, order.triggerPrice);
    this.orders.set(order.orderId, order);
    this.watch(order, 1);
  }

  remove(orderId: string): void {
    const order = this.orders.get(orderId);
    if (!order) return;
    this.ladders.get(keyOf(order.network, order.token, order.direction))?.remove(orderId, order.triggerPrice);
    this.orders.delete(orderId);
    this.watch(order, -1);
  }

  /** The orders a price tick crosses, removed from the index (the caller claims them). */
  crossing(network: string, token: string, priceUsd: number): IndexedOrder[] {
    const crossed: IndexedOrder[] = [];
    for (const direction of ['ABOVE', 'BELOW'] as const) {
      for (const orderId of this.ladders.get(keyOf(network, token, direction))?.take(priceUsd) ?? []) {
        const order = this.orders.get(orderId) as IndexedOrder;
        this.orders.delete(orderId);
        this.watch(order, -1);
        crossed.push(order);
      }
    }
    return crossed;
  }

  /** The (network, token) pairs with armed orders: what the price feed must follow. */
  tokens(): { network: string; token: string }[] {
    return [...this.watched.values()].map(({ network, token }) => ({ network, token }));
  }

  private watch(order: IndexedOrder, delta: number): void {
    const key = `${order.network}|${order.token}`;
    const entry = this.watched.get(key) ?? { network: order.network, token: order.token, count: 0 };
    entry.count += delta;
    if (entry.count > 0) this.watched.set(key, entry);
    else this.watched.delete(key);
  }
}
