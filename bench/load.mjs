// Sends prepared paid requests with bounded concurrency over keep-alive HTTP and classifies each answer.
import http from 'node:http';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';

const TIMEOUT_MS = 30_000;

function send(agent, url, body, paymentSignature) {
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (answer) => resolve({ ...answer, ms: performance.now() - started });
    const req = http.request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'payment-signature': paymentSignature,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', (error) => done({ error }));
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (error) => done({ error }));
    req.end(body);
  });
}

/**
 * `exact`: a successful PAYMENT-RESPONSE names the settlement transaction (several payments may share one when the
 * server settles them together). Returns the failure, or the transaction.
 */
export function exactSettlement(settlement) {
  if (!settlement.success || !settlement.transaction) return { failure: '200 without a successful PAYMENT-RESPONSE' };
  return { transaction: settlement.transaction };
}

/** Success: 200, a PAYMENT-RESPONSE that `check` accepts, and the expected body. Else: why not. */
function classify(answer, expected, check, payment) {
  if (answer.error) return { failure: `network: ${answer.error.code ?? answer.error.message}` };
  if (answer.status === 200) {
    const header = answer.headers['payment-response'];
    if (!header) return { failure: '200 without a PAYMENT-RESPONSE' };
    const outcome = check(decodePaymentResponseHeader(header), payment);
    if (outcome.failure) return outcome;
    if (answer.body !== expected) return { failure: `200 with an unexpected body: ${answer.body.slice(0, 80)}` };
    return outcome;
  }
  if (answer.status === 402 && answer.headers['payment-required']) {
    return { failure: `402 ${decodePaymentRequiredHeader(answer.headers['payment-required']).error ?? ''}`.trim() };
  }
  return { failure: `${answer.status} ${answer.body.slice(0, 80)}` };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/**
 * Sends one POST per payment header over keep-alive HTTP, either from one shared queue (`payments`, at most
 * `concurrency` at a time) or from `lanes`: one worker per lane sending its headers in order, one at a time (a
 * payment channel takes one request at a time). `check` judges each 200's PAYMENT-RESPONSE (default: `exact`).
 * Returns successes per second (wall clock from first send to last answer), p50/p99 latency of the successful
 * calls, failures by reason, and the settlement transactions seen with how many payments each settled. When no
 * answer at all arrives for `stallMs` while requests are outstanding, the run is abandoned and returned with
 * `stalled: true`.
 */
export async function runLoad({
  url,
  body,
  expected,
  payments,
  lanes,
  concurrency = lanes?.length,
  check = exactSettlement,
  stallMs = 10_000,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const transactions = new Map(); // settlement transaction -> payments it settled
  const failures = {};
  let lastAnswer = performance.now();
  let stalled = false;
  const watchdog = setInterval(() => {
    if (performance.now() - lastAnswer < stallMs) return;
    stalled = true;
    agent.destroy(); // in-flight requests fail at once; the workers stop
  }, 250);
  const worker = async (take) => {
    for (let payment = take(); payment !== undefined && !stalled; payment = take()) {
      const answer = await send(agent, url, body, payment);
      if (stalled) return;
      lastAnswer = performance.now();
      const outcome = classify(answer, expected, check, payment);
      if (outcome.failure) failures[outcome.failure] = (failures[outcome.failure] ?? 0) + 1;
      else {
        latencies.push(answer.ms);
        if (outcome.transaction)
          transactions.set(outcome.transaction, (transactions.get(outcome.transaction) ?? 0) + 1);
      }
    }
  };
  let next = 0;
  const fromQueue = () => payments[next++];
  const takers = lanes
    ? lanes.map((lane) => {
        let i = 0;
        return () => lane[i++];
      })
    : Array.from({ length: concurrency }, () => fromQueue);
  const started = performance.now();
  await Promise.all(takers.map(worker));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(watchdog);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    sent: lanes ? lanes.reduce((sum, lane) => sum + lane.length, 0) : payments.length,
    ok: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    seconds,
    stalled,
    failures,
    transactions,
  };
}
