/**
 * Where a transaction's input runes go (ord's rules): a cenotaph burns them all; otherwise the edicts allocate in
 * order (amount 0 = all that is left of the rune, capped at what is left; output = the number of outputs splits among
 * every non-OP_RETURN output), and what no edict took goes to the pointer output, or by default to the first
 * non-OP_RETURN output. Runes allocated to an OP_RETURN output, or with no output to go to, are burned.
 */
import { runeIdText, type RunestoneMessage } from '@svc/chains';

/** Rune id text ("block:tx") → atomic amount. */
export type RuneBalances = Map<string, bigint>;

const isOpReturn = (script: Uint8Array) => script[0] === 0x6a;

function add(into: RuneBalances[], output: number, rune: string, amount: bigint): void {
  if (amount === 0n) return;
  into[output]!.set(rune, (into[output]!.get(rune) ?? 0n) + amount);
}

/** Rune balances per output (index = vout); burned runes appear nowhere. */
export function allocateRunes(
  inputs: readonly RuneBalances[],
  outputScripts: readonly Uint8Array[],
  message: RunestoneMessage,
): RuneBalances[] {
  const allocated: RuneBalances[] = outputScripts.map(() => new Map());
  if (message.kind === 'cenotaph') return allocated;
  const unallocated: RuneBalances = new Map();
  for (const balances of inputs)
    for (const [rune, amount] of balances) unallocated.set(rune, (unallocated.get(rune) ?? 0n) + amount);
  const spendable = outputScripts.flatMap((script, index) => (isOpReturn(script) ? [] : [index]));
  const take = (rune: string, output: number, wanted: bigint) => {
    const left = unallocated.get(rune) ?? 0n;
    const amount = wanted === 0n || wanted > left ? left : wanted;
    unallocated.set(rune, left - amount);
    if (!isOpReturn(outputScripts[output]!)) add(allocated, output, rune, amount);
  };
  if (message.kind === 'runestone') {
    for (const edict of message.runestone.edicts) {
      const rune = runeIdText(edict.id);
      if (edict.output < outputScripts.length) {
        take(rune, edict.output, edict.amount);
      } else if (edict.amount === 0n) {
        // Split what is left evenly, the remainder one each to the first outputs.
        const left = unallocated.get(rune) ?? 0n;
        const count = BigInt(spendable.length);
        spendable.forEach((output, index) => {
          const share = left / count + (BigInt(index) < left % count ? 1n : 0n);
          if (share > 0n) take(rune, output, share);
        });
      } else {
        for (const output of spendable) if ((unallocated.get(rune) ?? 0n) > 0n) take(rune, output, edict.amount);
      }
    }
  }
  const pointer =
    message.kind === 'runestone' && message.runestone.pointer !== undefined ? message.runestone.pointer : spendable[0];
  if (pointer !== undefined && !isOpReturn(outputScripts[pointer]!))
    for (const [rune, amount] of unallocated) add(allocated, pointer, rune, amount);
  return allocated;
}
