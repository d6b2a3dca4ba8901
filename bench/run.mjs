// pnpm bench: unpaid-402 request rate of POST /api/tools/execute/unified/wallet against a bare Fastify route,
// both measured in this run under the same load, and their ratio (issue #2's goal: at least 0.5).
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

async function startTarget(kind, port) {
  const child = fork(new URL('./server.mjs', import.meta.url), [kind, String(port)], { stdio: 'inherit' });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return child;
}

async function measure(kind, port, path) {
  const child = await startTarget(kind, port);
  try {
    const run = (duration) =>
      autocannon({ url: `http://127.0.0.1:${port}${path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', connections: CONNECTIONS, duration });
    await run(2); // warm-up: JIT, caches
    const result = await run(DURATION_S);
    if (result.errors > 0 || result.timeouts > 0) throw new Error(`${kind}: ${result.errors} errors, ${result.timeouts} timeouts`);
    // Only 402s count: a faster 404 or 400 would be a broken benchmark, not a fast gateway.
    const statuses = Object.keys(result.statusCodeStats);
    if (statuses.join() !== '402') throw new Error(`${kind}: expected only 402 responses, got ${JSON.stringify(result.statusCodeStats)}`);
    return { kind, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    child.kill();
  }
}

const gateway = await measure('gateway', 18402, '/api/tools/execute/unified/wallet');
const bare = await measure('bare', 18403, '/bare/wallet');
const ratio = gateway.rps / bare.rps;
const row = (r) => `${r.kind.padEnd(8)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
console.log(`\nunpaid 402, ${CONNECTIONS} connections, ${DURATION_S}s each, 127.0.0.1`);
console.log(row(gateway));
console.log(row(bare));
console.log(`ratio gateway/bare: ${ratio.toFixed(2)} (goal >= 0.5) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
