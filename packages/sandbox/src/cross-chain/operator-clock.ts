/**
 * The sandbox bridge operator's and router solver's clock: wall time plus an offset the sandbox route moves on
 * (POST /api/sandbox/cross-chain/advance), so a test can let a quote expire without waiting for it.
 */
export class OperatorClock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  advance(seconds: number): void {
    if (!(seconds >= 0) || !Number.isFinite(seconds)) throw new RangeError('seconds must be a finite number >= 0');
    this.#offsetMs += seconds * 1000;
  }

  /** Seconds the clock runs ahead of wall time. */
  get aheadSeconds(): number {
    return this.#offsetMs / 1000;
  }

  reset(): void {
    this.#offsetMs = 0;
  }
}
