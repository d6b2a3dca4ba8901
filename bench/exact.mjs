// The `exact` comparison: paid calls settled one EIP-3009 authorization at a time (or grouped, if the server
// groups them), each server on its own fresh sandbox chain, levels x rounds with alternating order.
import { StallError, startPaidTarget } from './paid.mjs';
import { summarise } from './summary.mjs';

/**
 * A paid target that survives a stalled sandbox chain: the run is abandoned, the target restarted on a fresh
 * chain (fresh payers) and the run repeated, at most `maxStalls` times per server. Stalls are counted and shown.
 */
async function resilientTarget(kind, options, maxStalls) {
  let target = await startPaidTarget(kind, options);
  const self = {
    kind,
    stalls: [],
    async measure(run) {
      for (;;) {
        try {
          return await target.measure(run);
        } catch (error) {
          if (!(error instanceof StallError) || self.stalls.length >= maxStalls) throw error;
          self.stalls.push(error.message);
          console.error(
            `bench: ${error.message}; restarting ${kind} on a fresh sandbox chain and repeating the C=${run.concurrency} run`,
          );
          await target.stop();
          target = await startPaidTarget(kind, options);
        }
      }
    },
    stop: () => target.stop(),
  };
  return self;
}

/**
 * Runs every level `rounds` times on both servers, alternating which goes first; one row per server and level.
 * The first round of each level also reads the gas of its settlement transactions.
 */
export async function compareExact(kinds, { concurrencies, calls, warmup, rounds, payers, maxStalls }) {
  const payments = concurrencies.length * rounds * (calls + warmup);
  const targets = [];
  try {
    for (const kind of kinds) targets.push(await resilientTarget(kind, { payments, payers }, maxStalls));
    const rows = [];
    for (const concurrency of concurrencies) {
      const runs = new Map(kinds.map((kind) => [kind, []]));
      for (let round = 0; round < rounds; round++) {
        for (const target of round % 2 ? [...targets].reverse() : targets) {
          runs.get(target.kind).push(await target.measure({ concurrency, calls, warmup, gas: round === 0 }));
        }
      }
      for (const [kind, r] of runs) rows.push(summarise(kind, concurrency, r));
    }
    return { rows, stalls: Object.fromEntries(targets.map((t) => [t.kind, t.stalls])) };
  } finally {
    for (const target of targets) await target.stop();
  }
}
