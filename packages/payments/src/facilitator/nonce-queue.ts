/**
 * Submits one account's transactions strictly one after another, each with the next nonce.
 *
 * Why: a node keeps a transaction whose nonce is ahead of the account's next one in its `queued` pool until the gap
 * is filled. Settlements prepared concurrently (nonces handed out up front, then signed and sent as each is ready)
 * reach the node out of nonce order, and when one of them fails after its nonce was handed out, later nonces can
 * skip the gap: their receipts never come and every later settlement from that account waits behind them.
 * Assigning the nonce, signing and sending inside one serial job per account means the node only ever sees the
 * account's next nonce.
 */
export class NonceQueue {
  /** The nonce the next submission gets; undefined: ask the chain first. */
  #next: number | undefined;
  #tail: Promise<unknown> = Promise.resolve();

  /**
   * @param chainNonce the account's next nonce as the node sees it, pending transactions included
   *   (`eth_getTransactionCount(address, "pending")`).
   */
  constructor(private readonly chainNonce: () => Promise<number>) {}

  /**
   * Runs `submit` once every earlier submission has finished, with the next nonce. `submit` must sign and hand the
   * transaction to the node (resolving once the node accepted it), and do nothing slow that does not need the nonce.
   * When it fails, the node may or may not have taken the transaction, so the next submission re-reads the nonce
   * from the chain instead of guessing: a lost transaction leaves no gap, an accepted one is not reused.
   */
  submit<T>(submit: (nonce: number) => Promise<T>): Promise<T> {
    const job = this.#tail.then(async () => {
      const nonce = this.#next ?? (await this.chainNonce());
      try {
        const result = await submit(nonce);
        this.#next = nonce + 1;
        return result;
      } catch (error) {
        this.#next = undefined;
        throw error;
      }
    });
    // A failed job must not stop the ones queued behind it.
    this.#tail = job.catch(() => undefined);
    return job;
  }
}
