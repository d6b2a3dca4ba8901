import type { OrderNetwork, StoredOrder } from '@svc/store';

/** Live mode: the networks whose conditional orders are watched, and the settings each other one misses. */
export interface LiveOrderNetworks {
  readonly watched: readonly OrderNetwork[];
  readonly missing: Partial<Record<OrderNetwork, readonly string[]>>;
}

/** What a handler needs of the order engine to run one order now (deleteConditionalOrder's executeEarly). */
export interface OrderExecution {
  /** Whether a swap executor is configured for `network`. */
  executes(network: OrderNetwork): boolean;
  /** Claims a PENDING order for `claimant`; undefined when someone else claimed or changed it first. */
  claim(orderId: string, priceSeen: string | null, claimant?: string): Promise<StoredOrder | undefined>;
  /** Runs a claimed order's swap and records its outcome. */
  execute(order: StoredOrder): Promise<StoredOrder>;
}
