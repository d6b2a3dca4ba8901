import type { SettlementBroadcast } from '@svc/store';

export type SettlementBroadcastListener = (broadcast: SettlementBroadcast) => Promise<void>;

/**
 * Announces each settlement transaction our own facilitator broadcasts: an EVM one once signed and before it is sent
 * (once per payment it carries, all with its hash), a Solana one likewise: the gateway records the hash on the
 * payment's claim, so a gateway stopped after the broadcast leaves the transaction to reconcile by. A listener's
 * failure never fails the settlement (it is only the hash that is lost; reconciliation still finds the
 * authorization on chain).
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
