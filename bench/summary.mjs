// One row of a paid comparison from its rounds at one level: the median round's figures, totals over all rounds.

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** `runs`: one server's measured runs at one concurrency level (see bench/load.mjs for their fields). */
export function summarise(kind, concurrency, runs) {
  const failures = {};
  for (const run of runs)
    for (const [reason, count] of Object.entries(run.failures)) failures[reason] = (failures[reason] ?? 0) + count;
  return {
    kind,
    concurrency,
    rounds: runs.map((run) => run.rps),
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    cpu: median(runs.map((run) => run.serverCpuMsPerCall)),
    ok: runs.reduce((sum, run) => sum + run.ok, 0),
    sent: runs.reduce((sum, run) => sum + run.sent, 0),
    warmupFailures: runs.reduce((sum, run) => sum + run.warmupFailures, 0),
    failures,
    onChain: runs.every((run) => run.onChain !== false),
    gas: runs.find((run) => run.gas)?.gas,
  };
}
