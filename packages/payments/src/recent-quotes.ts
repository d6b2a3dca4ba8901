import type { PaymentRequirements } from '@x402/core/types';

interface Quote {
  readonly accepts: readonly PaymentRequirements[];
  /** When these requirements were last sent in a 402 (ms). */
  quotedAt: number;
}

/**
 * Per resource and price, its recent quotes: `exact` payments are signed for the amounts a 402 named, and those
 * stay payable for the requirement's timeout even after the price snapshot moves on. Memory stays bounded: a quote
 * is dropped once its timeout has passed, and a resource keeps at most `limit` quotes.
 */
export class RecentQuotes {
  readonly #quotes = new Map<string, Quote[]>();

  constructor(
    private readonly timeoutMs: number,
    private readonly now: () => number,
    /** Enough for a live oracle's snapshots within one timeout (a new one per cache expiry) and for sandbox price moves. */
    private readonly limit = 16,
    /** Resources remembered at once (every tool, plus top-up amounts); past it the longest-known one is forgotten. */
    private readonly maxResources = 2048,
  ) {}

  /** `accepts` went out in a 402 for `key` just now. Cheap when they are the ones quoted last (a cached 402). */
  record(key: string, accepts: readonly PaymentRequirements[]): void {
    const now = this.now();
    const quotes = this.#live(key, now);
    const last = quotes.at(-1);
    if (last?.accepts === accepts) last.quotedAt = now;
    else quotes.push({ accepts, quotedAt: now });
    if (quotes.length > this.limit) quotes.splice(0, quotes.length - this.limit);
    this.#quotes.set(key, quotes);
    if (this.#quotes.size > this.maxResources) this.#quotes.delete(this.#quotes.keys().next().value!);
  }

  /** Every requirement quoted for `key` within the timeout, newest quote first. */
  valid(key: string): PaymentRequirements[] {
    const quotes = this.#live(key, this.now());
    if (quotes.length === 0) this.#quotes.delete(key);
    return quotes.toReversed().flatMap((quote) => quote.accepts);
  }

  /** The quotes for `key` still inside their timeout (oldest first). */
  #live(key: string, now: number): Quote[] {
    const quotes = this.#quotes.get(key) ?? [];
    // Quotes are kept in quotedAt order (only the newest is ever re-stamped), so expired ones lead.
    const firstLive = quotes.findIndex((quote) => now - quote.quotedAt < this.timeoutMs);
    if (firstLive === -1) return [];
    if (firstLive > 0) quotes.splice(0, firstLive);
    return quotes;
  }
}
