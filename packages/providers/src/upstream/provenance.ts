import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a tool's answer came from: the providers it read, and when the oldest of those reads was fetched. */
export interface Provenance {
  /** A provider's name, or several joined by ", " when one answer combines them. */
  readonly source: string;
  /** ISO time the data was fetched (a cached read keeps its fill time). */
  readonly asOf: string;
}

interface Reads {
  readonly sources: Set<string>;
  oldest: string | undefined;
}

// Ports return domain values, and a tool answer may combine several reads; an async-local collector lets every read
// report itself without threading metadata through each port method and its sandbox twin.
const current = new AsyncLocalStorage<Reads>();

/** Notes one read of `source` fetched at `asOf` (now, for a simulation) for the answer being built, if one is collecting. */
export function recordRead(source: string, asOf: string = new Date().toISOString()): void {
  const reads = current.getStore();
  if (!reads) return;
  reads.sources.add(source);
  if (reads.oldest === undefined || asOf < reads.oldest) reads.oldest = asOf;
}

/** Runs `work` and returns what it answered with the provenance of every read it made (undefined when it made none). */
export async function collectProvenance<T>(
  work: () => Promise<T>,
): Promise<{ value: T; provenance: Provenance | undefined }> {
  const reads: Reads = { sources: new Set(), oldest: undefined };
  const value = await current.run(reads, work);
  const provenance =
    reads.oldest === undefined ? undefined : { source: [...reads.sources].join(', '), asOf: reads.oldest };
  return { value, provenance };
}

/** A tool's answer with where and when its data came from; a field the answer already has keeps its own value. */
export function withProvenance(
  output: Readonly<Record<string, unknown>>,
  provenance: Provenance,
): Record<string, unknown> {
  return { source: provenance.source, asOf: provenance.asOf, ...output };
}
