// pnpm bench, in one run on 127.0.0.1, each target in its own child process (bench/server.mjs):
// 1. unpaid 402s: POST /api/tools/execute/unified/wallet against a bare Fastify route, and their ratio
//    (issue #2's goal: at least 0.5);
// 2. paid calls, `exact` (bench/exact.mjs): hederaContractIdToEvmAddress on our gateway against the same route
//    built from @x402/express 2.27, each on its own fresh sandbox chain with the same in-process facilitator, at
//    C=1, 8 and 32; issue 26's goals: at least 2x the reference's calls/s at C=8 and C=32 with p99 no higher, and
//    at C=1 a p50 no higher. Rounds alternate which server goes first and the table shows each level's median round;
// 2b. paid calls, `batch-settlement` (bench/batch.mjs): ours against a reference built from the official
//    @x402/evm batch-settlement server + facilitator with Express and the SDK's Redis channel storage
//    (bench/batch-reference.mjs; Redis at BENCH_REDIS_URL, default 127.0.0.1:6379, under a key prefix of its own,
//    deleted after), the same with in-memory storage beside it. One channel per concurrent caller, deposited once;
//    each call carries a voucher from the official client; after the runs each server claims and sweeps, and the
//    chain must show the payee paid exactly price x paid calls. Goal: at least 2x the Redis reference's calls/s at
//    C=8 and C=32 with p99 no higher. A server that offers no batch-settlement is reported as not measured;
// 2c. gas per settled payment (bench/gas.mjs): `exact` one by one and under load (the receipts of the settlement
//    transactions the runs saw), and batch-settlement per voucher (claims and sweeps, deposits amortised).
//    BENCH_ONLY=paid (or exact), batch or gas runs one of them; gas alone runs both briefly (one round);
// 3. MCP beside REST (bench/mcp.mjs): tools/list and tools/call paid from account credit, next to the same tool
//    over REST paid per call with x402;
// 4. balance reads (bench/balances.mjs): each chain's balance tool and getAllBalances' fan-out over all eight networks
//    (goal: the fan-out's p50 at most 1.5x the slowest single chain's);
// 5. conditional-order triggers (bench/orders.mjs): the engine's in-memory index against SQL per tick, 1,000,000
//    open orders over 10,000 tokens on one real database.
// 6. the sandbox market simulator (bench/market-sim.mjs): its CPU and chain-state growth at its default rate
//    (goals: under 5% of one core, under 50 MB an hour).
import autocannon from 'autocannon';
import { startTarget } from './child.mjs';
import { benchBalances } from './balances.mjs';
import { benchMcp } from './mcp.mjs';
import { benchMarketSim } from './market-sim.mjs';
import { benchOrders } from './orders.mjs';
import { compareBatch } from './batch.mjs';
import { compareExact } from './exact.mjs';
import { printBatch, printExact, printGas } from './paid-report.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PAID = {
  calls: Number(process.env.BENCH_PAID_CALLS ?? 300), // measured per server, level and round
  warmup: Number(process.env.BENCH_PAID_WARMUP ?? 24), // unmeasured, before each measured run
  concurrencies: (process.env.BENCH_PAID_CONCURRENCY ?? '1,8,32').split(',').map(Number),
  rounds: Number(process.env.BENCH_PAID_ROUNDS ?? 3),
  payers: Number(process.env.BENCH_PAID_PAYERS ?? 32),
};
// 'unpaid', 'paid' (or 'exact'), 'batch', 'gas', 'mcp', 'balances', 'orders' or 'market-sim' runs one part
const only = process.env.BENCH_ONLY;
const MAX_STALLS = Number(process.env.BENCH_PAID_MAX_STALLS ?? 3);

async function measureUnpaid(kind, port, path) {
  const target = await startTarget(kind, { port });
  try {
    const run = (duration) =>
      autocannon({
        url: target.url(path),
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        connections: CONNECTIONS,
        duration,
      });
    await run(2); // warm-up: JIT, caches
    const result = await run(DURATION_S);
    if (result.errors > 0 || result.timeouts > 0)
      throw new Error(`${kind}: ${result.errors} errors, ${result.timeouts} timeouts`);
    // Only 402s count: a faster 404 or 400 would be a broken benchmark, not a fast gateway.
    const statuses = Object.keys(result.statusCodeStats);
    if (statuses.join() !== '402')
      throw new Error(`${kind}: expected only 402 responses, got ${JSON.stringify(result.statusCodeStats)}`);
    return { kind, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
  } finally {
    await target.stop();
  }
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(7);
const verdict = (met) => (met ? 'MET' : 'NOT MET');

if (!only || only === 'unpaid') {
  const gateway = await measureUnpaid('gateway', 18402, '/api/tools/execute/unified/wallet');
  const bare = await measureUnpaid('bare', 18403, '/bare/wallet');
  const ratio = gateway.rps / bare.rps;
  const row = (r) =>
    `${r.kind.padEnd(8)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms`;
  console.log(`\nunpaid 402, ${CONNECTIONS} connections, ${DURATION_S}s each, 127.0.0.1`);
  console.log(row(gateway));
  console.log(row(bare));
  console.log(`ratio gateway/bare: ${ratio.toFixed(2)} (goal >= 0.5) ${verdict(ratio >= 0.5)}`);
}

/** Which paid parts run: `paid`/`exact` and `batch` compare servers, `gas` (alone) runs both briefly for the table. */
const runs = (part) => !only || only === part || (part === 'exact' && only === 'paid');
let exactRows;
let batchSettlements;

if (runs('exact') || only === 'gas') {
  // For the gas table alone: one round at C=1 (one by one) and at the highest level (grouped, if the server groups).
  const settings =
    only === 'gas' ? { ...PAID, rounds: 1, concurrencies: [...new Set([1, Math.max(...PAID.concurrencies)])] } : PAID;
  const result = await compareExact(['gateway', 'x402-express'], { ...settings, maxStalls: MAX_STALLS });
  exactRows = result.rows;
  if (!printExact(result, settings)) process.exitCode = 1;
}

if (runs('batch') || only === 'gas') {
  const settings = only === 'gas' ? { ...PAID, rounds: 1, concurrencies: [Math.max(...PAID.concurrencies)] } : PAID;
  const kinds = only === 'gas' ? ['gateway', 'x402-batch-redis'] : ['gateway', 'x402-batch-redis', 'x402-batch-memory'];
  const result = await compareBatch(kinds, { ...settings, channels: PAID.payers });
  batchSettlements = result.settlements;
  if (!printBatch(result, settings)) process.exitCode = 1;
}

if (!only || only === 'gas') printGas({ exactRows, settlements: batchSettlements });

if (!only || only === 'mcp') {
  const { rows, ok } = await benchMcp({
    connections: 8,
    duration: DURATION_S,
    restCalls: PAID.calls,
    restConcurrency: 8,
  });
  console.log(
    `\nMCP beside REST on one gateway, 8 concurrent keep-alive clients, 127.0.0.1 (MCP: ${DURATION_S}s each; REST: ${PAID.calls} pre-signed payments)`,
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(56)} ${r.rps.toFixed(0).padStart(7)} calls/s   p50 ${ms(r.p50)} ms   p99 ${ms(r.p99)} ms`,
    );
  if (!ok) process.exitCode = 1;
}

if (!only || only === 'balances') {
  const calls = Number(process.env.BENCH_BALANCE_CALLS ?? 50);
  const { singles, fanOut } = await benchBalances({ calls });
  const slowest = singles.reduce((a, b) => (b.p50 > a.p50 ? b : a));
  console.log(
    `\nbalance reads, one call at a time over MCP (credit), ${calls} calls each, the vault funded on every chain`,
  );
  for (const row of [...singles, fanOut])
    console.log(`${row.name.padEnd(20)} p50 ${ms(row.p50)} ms   p99 ${ms(row.p99)} ms`);
  const ratio = fanOut.p50 / slowest.p50;
  console.log(
    `fan-out/slowest single chain (${slowest.name}) at p50: ${ratio.toFixed(2)} (goal <= 1.5) ${verdict(ratio <= 1.5)}`,
  );
}

if (!only || only === 'orders') {
  const { ok } = await benchOrders();
  if (!ok) process.exitCode = 1;
}

if (!only || only === 'market-sim') {
  const { ok } = await benchMarketSim();
  if (!ok) process.exitCode = 1;
}
