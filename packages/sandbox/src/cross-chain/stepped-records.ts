/**
 * The records a cross-chain venue moves one state at a time (the bridge's exchanges, the router's requests), kept by
 * id. Steps of one record run one after another, so two readers advancing the same record at once (a status read and
 * the background ticker) never send its payout twice; different records step in parallel.
 */
export class SteppedRecords<Entry> {
  readonly #entries = new Map<string, Entry>();
  readonly #busy = new Map<string, Promise<void>>();

  constructor(
    private readonly step: (entry: Entry) => Promise<void>,
    /** Whether `advanceAll` still has something to do for the entry. */
    private readonly isOpen: (entry: Entry) => boolean,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  add(id: string, entry: Entry): void {
    this.#entries.set(id, entry);
  }

  get(id: string): Entry | undefined {
    return this.#entries.get(id);
  }

  delete(id: string): void {
    this.#entries.delete(id);
    this.#busy.delete(id);
  }

  values(): IterableIterator<Entry> {
    return this.#entries.values();
  }

  /** Moves entry `id` one state on, after any step of it already running; answers it as it is then. */
  async advance(id: string): Promise<Entry | undefined> {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    const step = (this.#busy.get(id) ?? Promise.resolve()).then(() => this.step(entry));
    this.#busy.set(
      id,
      step.catch(() => undefined),
    );
    await step;
    return entry;
  }

  /** Moves every open entry one state on; answers how many there were. */
  async advanceAll(): Promise<number> {
    const open = [...this.#entries].filter(([, entry]) => this.isOpen(entry));
    await Promise.all(open.map(([id]) => this.advance(id)));
    return open.length;
  }

  clear(): void {
    this.#entries.clear();
    this.#busy.clear();
  }
}
