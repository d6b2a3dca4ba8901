import type { SatRange } from './sat-numbering.js';

/**
 * Ordinal theory's transfer rule: a transaction's input sat ranges, in input order, fill its outputs in output order,
 * first in, first out. What no output takes is the fee.
 */
export function transferSats(
  inputs: readonly (readonly SatRange[])[],
  outputValues: readonly bigint[],
): { readonly outputs: SatRange[][]; readonly fee: SatRange[] } {
  const queue = inputs.flat().map(([start, end]) => [start, end] as [bigint, bigint]);
  let next = 0;
  const take = (wanted: bigint): SatRange[] => {
    const taken: SatRange[] = [];
    while (wanted > 0n && next < queue.length) {
      const range = queue[next]!;
      const size = range[1] - range[0];
      if (size <= wanted) {
        taken.push([range[0], range[1]]);
        wanted -= size;
        next += 1;
      } else {
        taken.push([range[0], range[0] + wanted]);
        range[0] += wanted;
        wanted = 0n;
      }
    }
    return taken;
  };
  const outputs = outputValues.map((value) => take(value));
  return { outputs, fee: take(queue.slice(next).reduce((sum, [start, end]) => sum + end - start, 0n)) };
}
