import type { SettlementBroadcast } from '@svc/store';

export type SettlementBroadcastListener = (broadcast: SettlementBroadcast) => Promise<void>;

/**
 * Announces each settlement transaction our own facilitator broadcasts, right after the node took it and before its
 * receipt is awaited: the gateway records the hash on the payment's claim, so a gateway stopped in between leaves
 * the transaction to reconcile by. A listener's failure never fails the settlement (it is only the hash that is lost;
 * reconciliation still finds the authorization on chain).
 */
export class SettlementBroadcasts {
  readonly #listeners = new Set<SettlementBroadcastListener>();

  /** Returns the function that stops listening. */
  listen(listener: SettlementBroadcastListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async announce(broadcast: SettlementBroadcast): Promise<void> {
    await Promise.allSettled([...this.#listeners].map((listener) => listener(broadcast)));
  }
}
