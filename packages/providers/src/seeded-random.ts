/**
 * Deterministic pseudo-random numbers for sandbox providers: the same seed always yields the same simulated data,
 * so sandbox answers are reproducible across runs and machines. Not for anything secret.
 */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  bytes(length: number): Uint8Array;
}

/** FNV-1a, so a readable seed string picks the stream. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** mulberry32: small, fast and well distributed enough for simulated data. */
export function seededRandom(seed: string): SeededRandom {
  let state = hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)] as (typeof items)[number],
    bytes: (length) => Uint8Array.from({ length }, () => int(0, 255)),
  };
}
