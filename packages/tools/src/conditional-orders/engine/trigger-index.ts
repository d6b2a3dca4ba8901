import type { Direction } from '@svc/store';

/** One armed order in the index. */
export interface IndexedOrder {
  readonly orderId: string;
  readonly network: string;
  readonly token: string;
  readonly direction: Direction;
  readonly triggerPrice: number;
}

/** What a tick that crosses nothing returns: shared, so the common tick allocates nothing. */
const NONE: readonly IndexedOrder[] = Object.freeze([]);

/**
 * The orders of one (network, token, direction), ordered so that the ones a price reaches first come LAST: ABOVE
 * descending (a price p fires every trigger <= p), BELOW ascending (p fires every trigger >= p). A tick then pops a
 * suffix: it touches only the orders that cross, and removing them moves nothing else.
 */
class TriggerLadder {
  /** Trigger prices (an array of plain numbers: V8 keeps them unboxed, nothing for the GC to trace). */
  private readonly prices: number[] = [];
  private readonly orders: IndexedOrder[] = [];
  constructor(private readonly above: boolean) {}

  get size(): number {
    return this.orders.length;
  }

  /** Whether `price` reaches a trigger at `at`. */
  private reaches(at: number, price: number): boolean {
    return this.above ? at <= price : at >= price;
  }

  /** The first position of the suffix that `price` reaches (the length when it reaches nothing). */
  private firstReached(price: number): number {
    let low = 0;
    let high = this.prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.reaches(this.prices[mid] as number, price)) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /** Before the triggers equal to its own, so that among equal triggers the oldest is taken first. */
  add(order: IndexedOrder): void {
    const at = this.firstReached(order.triggerPrice);
    this.prices.splice(at, 0, order.triggerPrice);
    this.orders.splice(at, 0, order);
  }

  remove(order: IndexedOrder): void {
    for (
      let at = this.firstReached(order.triggerPrice);
      at < this.prices.length && this.prices[at] === order.triggerPrice;
      at += 1
    ) {
      if (this.orders[at] === order) {
        this.prices.splice(at, 1);
        this.orders.splice(at, 1);
        return;
      }
    }
  }

  /** Whether `price` reaches any trigger: the last one is the nearest. */
  crossedBy(price: number): boolean {
    const last = this.prices.length - 1;
    return last >= 0 && this.reaches(this.prices[last] as number, price);
  }

  /** Remove the orders `price` reaches, appending them to `into`. */
  takeInto(price: number, into: IndexedOrder[]): void {
    const from = this.firstReached(price);
    for (let at = this.orders.length - 1; at >= from; at -= 1) into.push(this.orders[at] as IndexedOrder);
    this.prices.length = from;
    this.orders.length = from;
  }
}

/** Both ladders of one (network, token). */
interface TokenLadders {
  readonly above: TriggerLadder;
  readonly below: TriggerLadder;
}

/**
 * The in-memory trigger index of one worker: armed orders per (network, token, direction), ordered by trigger price.
 * Looked up network -> token without building a key string, so a tick that crosses nothing costs two map lookups
 * and two comparisons and allocates nothing.
 */
export class TriggerIndex {
  private readonly networks = new Map<string, Map<string, TokenLadders>>();
  private readonly orders = new Map<string, IndexedOrder>();

  get size(): number {
    return this.orders.size;
  }

  has(orderId: string): boolean {
    return this.orders.has(orderId);
  }

  /** Add an order, or move it when its trigger changed. */
  upsert(order: IndexedOrder): void {
    this.remove(order.orderId);
    let tokens = this.networks.get(order.network);
    if (!tokens) {
      tokens = new Map();
      this.networks.set(order.network, tokens);
    }
    let ladders = tokens.get(order.token);
    if (!ladders) {
      ladders = { above: new TriggerLadder(true), below: new TriggerLadder(false) };
      tokens.set(order.token, ladders);
    }
    (order.direction === 'ABOVE' ? ladders.above : ladders.below).add(order);
    this.orders.set(order.orderId, order);
  }

  remove(orderId: string): void {
    const order = this.orders.get(orderId);
    if (!order) return;
    this.orders.delete(orderId);
    const tokens = this.networks.get(order.network);
    const ladders = tokens?.get(order.token);
    if (!tokens || !ladders) return;
    (order.direction === 'ABOVE' ? ladders.above : ladders.below).remove(order);
    this.forgetEmpty(tokens, order.token, ladders);
  }

  /** The orders a price tick crosses, removed from the index (the caller claims them). */
  crossing(network: string, token: string, priceUsd: number): readonly IndexedOrder[] {
    const tokens = this.networks.get(network);
    const ladders = tokens?.get(token);
    if (!tokens || !ladders) return NONE;
    const above = ladders.above.crossedBy(priceUsd);
    const below = ladders.below.crossedBy(priceUsd);
    if (!above && !below) return NONE;
    const crossed: IndexedOrder[] = [];
    if (above) ladders.above.takeInto(priceUsd, crossed);
    if (below) ladders.below.takeInto(priceUsd, crossed);
    for (const order of crossed) this.orders.delete(order.orderId);
    this.forgetEmpty(tokens, token, ladders);
    return crossed;
  }

  /**
   * Every order a batch of ticks crosses (a feed poll's answer, in the order seen), removed from the index, each with
   * the price that crossed it: what the claim records as the price seen.
   */
  claimsFor(
    ticks: readonly { network: string; token: string; priceUsd: number }[],
  ): { orderId: string; priceSeen: string }[] {
    const claims: { orderId: string; priceSeen: string }[] = [];
    for (const tick of ticks) {
      const crossed = this.crossing(tick.network, tick.token, tick.priceUsd);
      if (crossed.length === 0) continue;
      const priceSeen = String(tick.priceUsd);
      for (const order of crossed) claims.push({ orderId: order.orderId, priceSeen });
    }
    return claims;
  }

  /** The (network, token) pairs with armed orders: what the price feed must follow. */
  tokens(): { network: string; token: string }[] {
    const watched: { network: string; token: string }[] = [];
    for (const [network, tokens] of this.networks) for (const token of tokens.keys()) watched.push({ network, token });
    return watched;
  }

  /** A token without armed orders is no longer watched. */
  private forgetEmpty(tokens: Map<string, TokenLadders>, token: string, ladders: TokenLadders): void {
    if (ladders.above.size === 0 && ladders.below.size === 0) tokens.delete(token);
  }
}
