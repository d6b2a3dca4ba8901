// Prints the paid comparisons (exact, batch-settlement), their verdicts against issue 26's goals, and gas per
// settled payment. Returns whether everything that ran was correct (every call paid and the chain agreeing).

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(7);
const verdict = (met) => (met ? 'MET' : 'NOT MET');
/** Levels where the throughput goal applies: at least 2x the reference's calls/s with p99 no higher. */
const THROUGHPUT_LEVELS = new Set([8, 32]);

function printRows(rows, { onChain }) {
  console.log(
    `server            conc   paid-200/s    p50 ms    p99 ms  cpu ms/call    ok/sent  failed${onChain ? '  on-chain ' : ''}   rounds (calls/s)`,
  );
  for (const r of rows) {
    console.log(
      `${r.kind.padEnd(17)} ${String(r.concurrency).padStart(4)} ${r.rps.toFixed(1).padStart(12)}   ${ms(r.p50)}   ${ms(r.p99)} ${r.cpu.toFixed(1).padStart(12)} ` +
        `${`${r.ok}/${r.sent}`.padStart(10)} ${String(r.sent - r.ok + r.warmupFailures).padStart(7)}${onChain ? `  ${(r.onChain ? 'ok' : 'MISMATCH').padEnd(9)}` : ''}   ${r.rounds.map((x) => x.toFixed(1)).join(', ')}`,
    );
  }
  for (const r of rows) {
    for (const [reason, count] of Object.entries(r.failures))
      console.log(`  ${r.kind} C=${r.concurrency} failure x${count}: ${reason}`);
    if (r.warmupFailures) console.log(`  ${r.kind} C=${r.concurrency}: ${r.warmupFailures} warm-up calls failed`);
  }
}

/** The ratio of `ours` to `ref` at one level and the goals that apply there (C=1 p50 only when `c1Goal`). */
function goalLine(ours, ref, { c1Goal }) {
  const ratio = ours.rps / ref.rps;
  const parts = [`C=${ours.concurrency}: ${ours.kind}/${ref.kind} ${ratio.toFixed(2)}x calls/s`];
  parts.push(
    `p50 ${ours.p50.toFixed(1)} vs ${ref.p50.toFixed(1)} ms, p99 ${ours.p99.toFixed(0)} vs ${ref.p99.toFixed(0)} ms`,
  );
  if (THROUGHPUT_LEVELS.has(ours.concurrency))
    parts.push(`(goal >= 2x at equal or lower p99) ${verdict(ratio >= 2 && ours.p99 <= ref.p99)}`);
  if (c1Goal && ours.concurrency === 1) parts.push(`(goal: p50 no higher) ${verdict(ours.p50 <= ref.p50)}`);
  return parts.join(', ');
}

export function printExact({ rows, stalls }, { calls, warmup, payers, rounds, concurrencies }) {
  console.log(
    `\npaid hederaContractIdToEvmAddress, exact: settled on anvil (a fresh chain per server), ${calls} pre-signed payments per run ` +
      `(+${warmup} warm-up) from ${payers} payers, keep-alive HTTP, 127.0.0.1; median of ${rounds} rounds`,
  );
  printRows(rows, { onChain: true });
  for (const concurrency of concurrencies) {
    const [ours, ref] = ['gateway', 'x402-express'].map((kind) =>
      rows.find((r) => r.kind === kind && r.concurrency === concurrency),
    );
    console.log(goalLine(ours, ref, { c1Goal: true }));
  }
  for (const [kind, messages] of Object.entries(stalls)) {
    if (messages.length)
      console.log(
        `${kind}: ${messages.length} run(s) repeated on a fresh chain after a sandbox chain stall (settlement transactions never mined)`,
      );
  }
  return rows.every((r) => r.ok === r.sent && r.onChain);
}

const OURS = 'gateway';
const REFERENCE = 'x402-batch-redis';

export function printBatch({ channels, rows, settlements, unavailable }, { calls, warmup, rounds, concurrencies }) {
  console.log(
    `\npaid hederaContractIdToEvmAddress, batch-settlement: ${channels} channels (one per concurrent caller) deposited once; ${calls} ` +
      `vouchers per run (+${warmup} warm-up) signed ahead by the official client, one lane per channel, keep-alive ` +
      `HTTP, 127.0.0.1; median of ${rounds} rounds; ${REFERENCE}: the official server + facilitator with Express and ` +
      `the SDK's Redis channel storage (cpu includes redis-server's), x402-batch-memory: the same with its in-memory storage`,
  );
  for (const [kind, reason] of Object.entries(unavailable))
    console.log(`${kind === OURS ? 'ours (gateway)' : kind}: NOT MEASURED: ${reason}`);
  if (rows.length) printRows(rows, { onChain: false });
  // Ours may be absent (said above); the references must run, or the comparison means nothing.
  let correct = rows.every((r) => r.ok === r.sent) && Object.keys(unavailable).every((kind) => kind === OURS);
  for (const concurrency of concurrencies) {
    const row = (kind) => rows.find((r) => r.kind === kind && r.concurrency === concurrency);
    const ref = row(REFERENCE);
    if (!ref) continue;
    const memory = row('x402-batch-memory');
    if (memory)
      console.log(`C=${concurrency}: x402-batch-memory/${REFERENCE} ${(memory.rps / ref.rps).toFixed(2)}x calls/s`);
    const ours = row(OURS);
    if (ours) console.log(goalLine(ours, ref, { c1Goal: false }));
    else if (THROUGHPUT_LEVELS.has(concurrency))
      console.log(`C=${concurrency}: ours not measured (see above): goal >= 2x ${REFERENCE} NOT MEASURED`);
  }
  for (const [kind, s] of Object.entries(settlements)) {
    const ok = s.claimed === s.expected && s.settled === s.expected && s.received === s.expected;
    correct &&= ok;
    console.log(
      `${kind} on chain after close: ${s.paidCalls} paid calls x price = ${s.expected}; claimed ${s.claimed}, ` +
        `settled ${s.settled}, payee's USDC +${s.received}: ${ok ? 'ok' : 'MISMATCH'}`,
    );
  }
  return correct;
}

const per = (gas, n) => (n ? (Number(gas) / n).toFixed(0) : '-');
const gasLine = (label, gas, payments) =>
  `${label.padEnd(62)} ${(payments / Math.max(1, gas.transactions)).toFixed(1).padStart(8)} ${per(gas.gasUsed, gas.transactions).padStart(10)} ${per(gas.gasUsed, payments).padStart(12)}`;

/** Sums the batch-settlement contract's transactions by function name (see bench/gas.mjs) matching `test`. */
function sumGas(byFunction, test) {
  const total = { transactions: 0, gasUsed: 0n, channels: 0 };
  for (const [name, entry] of Object.entries(byFunction)) {
    if (!test(name)) continue;
    total.transactions += entry.transactions;
    total.gasUsed += entry.gasUsed;
    total.channels += entry.channels;
  }
  return total;
}

/**
 * Gas per settled payment: `exact` rows (first round of each level; payments per transaction show whether the
 * server grouped them), and batch-settlement per paid call: what the claims and sweeps cost over the vouchers they
 * settled, and with the deposits (one per channel) amortised too.
 */
export function printGas({ exactRows = [], settlements = {} }) {
  console.log('\ngas per settled payment, from the receipts on the sandbox Base chain');
  console.log(`${'what'.padEnd(62)} ${'pay/tx'.padStart(8)} ${'gas/tx'.padStart(10)} ${'gas/payment'.padStart(12)}`);
  for (const r of exactRows.filter((row) => row.gas)) {
    const how = r.gas.payments > r.gas.transactions ? 'grouped' : 'one by one';
    console.log(gasLine(`exact, ${r.kind} C=${r.concurrency} (${how})`, r.gas, r.gas.payments));
  }
  for (const [kind, s] of Object.entries(settlements)) {
    const all = { ...s.serving };
    for (const [name, entry] of Object.entries(s.closing)) {
      const into = (all[name] ??= { transactions: 0, gasUsed: 0n, channels: 0 });
      all[name] = {
        transactions: into.transactions + entry.transactions,
        gasUsed: into.gasUsed + entry.gasUsed,
        channels: into.channels + entry.channels,
      };
    }
    const claims = sumGas(all, (name) => name.startsWith('claim'));
    const sweeps = sumGas(all, (name) => name === 'settle');
    const deposits = sumGas(s.opening, (name) => name === 'deposit');
    const closeOut = {
      transactions: claims.transactions + sweeps.transactions,
      gasUsed: claims.gasUsed + sweeps.gasUsed,
    };
    console.log(gasLine(`batch-settlement, ${kind}: claims (${claims.channels} channel entries)`, claims, s.paidCalls));
    console.log(gasLine(`batch-settlement, ${kind}: sweeps (settle)`, sweeps, s.paidCalls));
    console.log(gasLine(`batch-settlement, ${kind}: claims + sweeps per voucher`, closeOut, s.paidCalls));
    console.log(gasLine(`batch-settlement, ${kind}: deposits (one per channel)`, deposits, deposits.transactions));
    const withDeposits = {
      transactions: closeOut.transactions + deposits.transactions,
      gasUsed: closeOut.gasUsed + deposits.gasUsed,
    };
    console.log(gasLine(`batch-settlement, ${kind}: with the deposits amortised`, withDeposits, s.paidCalls));
    const other = Object.keys(all).filter((name) => !name.startsWith('claim') && name !== 'settle');
    if (other.length) console.log(`  ${kind} also sent: ${other.join(', ')}`);
  }
}
