// The sandbox market simulator's cost at its default rate (SANDBOX_MARKET_SIM_RATE's default), against issue 20's
// goals: under 5% of one core and under 50 MB of chain state an hour. The gateway's sandbox starts in this process
// (its anvil Base chain a child process) with chain state in a temporary DATA_DIR; after an unmeasured warm-up (the
// first trades fund and approve the wallets and open the Base market), the simulator runs on its own clock for
// BENCH_MARKET_SIM_SECONDS (default 60) while we measure:
// - CPU: this process's user+system time (process.cpuUsage) plus the anvil child's (utime+stime in /proc/<pid>/stat),
//   as % of one core over the window;
// - chain-state growth: anvil's state from `anvil_dumpState` (judged unzipped: the JSON a state file holds) and the
//   Solana ledger's state file (LiteSVM snapshot) and the Bitcoin ledger's file (its marketplace leg's sales), scaled
//   to MB an hour. The index's reads for tools are not in the
//   window (there are none); its background sync (every 60 s while the simulator runs) is.
// Part of `npm run bench` (BENCH_ONLY=market-sim runs it alone there), or alone: `node bench/market-sim.mjs`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '../packages/config/dist/index.js';

const SECONDS = Number(process.env.BENCH_MARKET_SIM_SECONDS ?? 60);
const WARMUP_TRADES = Number(process.env.BENCH_MARKET_SIM_WARMUP ?? 20);
const GOALS = { cpuPercent: 5, mbPerHour: 50 };

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The anvil children of this process (their pids), found by parent pid in /proc. */
function anvilChildren() {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return Number(fields[1]) === process.pid && comm === 'anvil' ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the stat file's fields 14 and 15 (1-based), 12 and 13 after the command field.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** anvil's state as `anvil_dumpState` gives it (gzip) and as its JSON state (what a state file holds), in bytes. */
async function anvilStateBytes(rpcUrl) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
  });
  const { result } = await response.json();
  const gzip = Buffer.from(result.slice(2), 'hex');
  return { gzip: gzip.length, json: gunzipSync(gzip).length };
}

/** The market simulator at its default rate for SECONDS; prints the figures and whether the goals are met. */
export async function benchMarketSim() {
  const rate = loadConfig({}).sandboxMarketSimRate;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-market-sim-'));
  const { startSandbox } = await import('../apps/http-gateway/dist/sandbox.js');
  const sandbox = await startSandbox({ dataDir, marketSimulatorRate: rate });
  const { simulator } = sandbox.market;
  try {
    simulator.pause();
    await simulator.step(WARMUP_TRADES);
    // The Solana ledger writes its state file 250 ms after a change.
    await sleep(500);
    const solanaFile = path.join(dataDir, 'chains', 'solana-litesvm.bin');
    const bitcoinFile = path.join(dataDir, 'chains', 'bitcoin-mainnet.json');
    const bitcoinBytes = () => (existsSync(bitcoinFile) ? statSync(bitcoinFile).size : 0);
    const anvils = anvilChildren();
    const before = {
      at: performance.now(),
      trades: simulator.state().trades,
      own: ownCpuSeconds(),
      anvil: anvils.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
      anvilBytes: await anvilStateBytes(sandbox.base.rpcUrl),
      solanaBytes: statSync(solanaFile).size,
      bitcoinBytes: bitcoinBytes(),
    };
    simulator.resume();
    await sleep(SECONDS * 1000);
    simulator.pause();
    const elapsed = (performance.now() - before.at) / 1000;
    const own = ownCpuSeconds() - before.own;
    const anvil = anvils.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0) - before.anvil;
    // Measured at the window's end: what the state grew by during it (the dump itself is not in the CPU window).
    const anvilAfter = await anvilStateBytes(sandbox.base.rpcUrl);
    // Judged on the uncompressed JSON state (what anvil's state file holds); the gzip dump is printed beside it.
    const anvilGrowth = anvilAfter.json - before.anvilBytes.json;
    const anvilGzipGrowth = anvilAfter.gzip - before.anvilBytes.gzip;
    await sleep(500);
    const solanaGrowth = statSync(solanaFile).size - before.solanaBytes;
    const bitcoinGrowth = bitcoinBytes() - before.bitcoinBytes;
    const state = simulator.state();
    const trades = state.trades - before.trades;
    const perHour = (bytes) => ((bytes / elapsed) * 3600) / 1e6;
    const cpuPercent = ((own + anvil) / elapsed) * 100;
    const mbPerHour = perHour(anvilGrowth + solanaGrowth + bitcoinGrowth);
    const verdict = (met) => (met ? 'MET' : 'NOT MET');
    console.log(
      `\nsandbox market simulator at its default rate (${rate} trades/min across ${state.chains.join(', ')}), ` +
        `${elapsed.toFixed(0)} s after a ${WARMUP_TRADES}-trade warm-up: ${trades} trades landed, ${state.failed} failed`,
    );
    console.log(
      `CPU: ${cpuPercent.toFixed(2)}% of one core (this process ${((own / elapsed) * 100).toFixed(2)}%, ` +
        `anvil ${((anvil / elapsed) * 100).toFixed(2)}%) (goal < ${GOALS.cpuPercent}%) ${verdict(cpuPercent < GOALS.cpuPercent)}`,
    );
    console.log(
      `chain state: +${mbPerHour.toFixed(2)} MB/hour (anvil JSON state ${perHour(anvilGrowth).toFixed(2)}, ` +
        `${perHour(anvilGzipGrowth).toFixed(2)} as its gzip dump; ` +
        `Solana ledger file ${perHour(solanaGrowth).toFixed(2)}, Bitcoin ledger file ${perHour(bitcoinGrowth).toFixed(2)}) (goal < ${GOALS.mbPerHour} MB/hour) ${verdict(mbPerHour < GOALS.mbPerHour)}`,
    );
    return { ok: cpuPercent < GOALS.cpuPercent && mbPerHour < GOALS.mbPerHour && trades > 0 };
  } finally {
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok } = await benchMarketSim();
  if (!ok) process.exitCode = 1;
}
