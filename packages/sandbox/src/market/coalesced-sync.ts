/**
 * Brings an index up to its chain's head, one run at a time. A caller arriving while a run is under way waits for
 * the next one (that run may have read the head before the caller's transaction landed); every caller arriving
 * meanwhile shares that next run, so a burst of reads costs at most two runs.
 */
export class CoalescedSync {
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;

  constructor(private readonly run: () => Promise<void>) {}

  sync(): Promise<void> {
    if (!this.#running) {
      this.#running = this.run().finally(() => {
        this.#running = undefined;
      });
      return this.#running;
    }
    this.#queued ??= this.#running
      .catch(() => undefined)
      .then(() => {
        this.#queued = undefined;
        return this.sync();
      });
    return this.#queued;
  }
}
