/**
 * Each token's USD price over time, as the index saw its pools move (swaps and re-pricings), kept for a bounded
 * window: older points are dropped, except the last one before the window, which still prices what came after it.
 */
interface PricePoint {
  readonly at: number;
  readonly priceUsd: number;
}

export class PriceHistory {
  readonly #points = new Map<string, PricePoint[]>();

  /** Records `priceUsd` for `token` at `at` (ms); a point equal to the last one is not repeated. */
  add(token: string, at: number, priceUsd: number): void {
    const points = this.#points.get(token) ?? [];
    const last = points[points.length - 1];
    if (last && last.priceUsd === priceUsd) return;
    // Points arrive in chain order; a block time equal to or before the last point's replaces nothing, it follows it.
    points.push({ at: Math.max(at, last?.at ?? at), priceUsd });
    this.#points.set(token, points);
  }

  /** The last price of `token` at or before `at`; before the first point, the first point's; none without points. */
  at(token: string, at: number): number | undefined {
    const points = this.#points.get(token);
    if (!points?.length) return undefined;
    let low = 0;
    let high = points.length - 1;
    if (points[0]!.at > at) return points[0]!.priceUsd;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (points[middle]!.at <= at) low = middle;
      else high = middle - 1;
    }
    return points[low]!.priceUsd;
  }

  /** The latest price of `token`. */
  latest(token: string): number | undefined {
    const points = this.#points.get(token);
    return points?.[points.length - 1]?.priceUsd;
  }

  /** Drops every point before `cutoff` (ms) but the last one before it. */
  prune(cutoff: number): void {
    for (const points of this.#points.values()) {
      let drop = 0;
      while (drop + 1 < points.length && points[drop + 1]!.at <= cutoff) drop += 1;
      if (drop > 0) points.splice(0, drop);
    }
  }

  clear(): void {
    this.#points.clear();
  }
}
