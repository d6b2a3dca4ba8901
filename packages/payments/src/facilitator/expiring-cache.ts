/**
 * Remembers what `load(key)` resolved to for `ttlMs`. Concurrent callers for one key share one load; a failed load
 * is not remembered. At most `maxEntries` keys are kept (the oldest is dropped first), so an unbounded stream of
 * keys (e.g. payer addresses) cannot grow it without limit.
 */
export function expiringCache<K, V>(
  load: (key: K) => Promise<V>,
  { ttlMs, maxEntries = 10_000 }: { ttlMs: number; maxEntries?: number },
): (key: K) => Promise<V> {
  const entries = new Map<K, { value: Promise<V>; expiresAt: number }>();
  return (key) => {
    const now = performance.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
    const value = load(key);
    const entry = { value, expiresAt: now + ttlMs };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}
