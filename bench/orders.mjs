// Conditional-order trigger engine against a per-tick SQL baseline, in one run, on one real database (PGlite in
// memory, or DATABASE_URL's PostgreSQL in a fresh schema):
// - the book: BENCH_ORDERS open orders (default 1,000,000) over BENCH_ORDER_TOKENS tokens (default 10,000), half
//   ABOVE and half BELOW, triggers spread +-30 % around each token's price, inserted into conditional_orders;
// - the same seeded sequence of price ticks (a random walk per token) goes through
//   1. the baseline: per tick one SQL statement that selects the crossing orders and claims them
//      (UPDATE ... WHERE status = 'PENDING' AND token AND trigger crossed, on the partial index the engine's schema has);
//   2. the engine: TriggerIndex.claimsFor (the in-memory index, loaded from the same table) and one claimOrders for
//      the crossed orders, exactly OrderEngine.ticks' two steps, after an unmeasured warm-up walk:
//      - fed one tick at a time (a streaming feed: each crossing tick's orders are claimed at once), over the
//        baseline's ticks and then BENCH_ORDERS_STREAM_TICKS more of the same walk. Its p99 tick-to-claim (from the
//        tick to its claims committed) is the latency judged;
//      - fed a feed poll's answer at a time (BENCH_ORDERS_POLL ticks, default 1,000: how OrderEngine.pollPrices feeds
//        it; a poll of a live feed answers for every watched token at once, and all the poll's crossings are claimed
//        in one statement), over the baseline's ticks BENCH_ORDERS_REPEATS times (default 5). The median run's tick
//        rate is the throughput judged; the same walk then continues for BENCH_ORDERS_LATENCY_TICKS, where the
//        prices have drifted and a poll crosses far more orders (its per-poll latency is printed, not judged);
//   3. the engine's index alone (no database): ticks per second of detection.
// The claims of each run are undone (and the table vacuumed, as autovacuum would) before the next, so all start from
// the same book and claim the same orders.
import { randomBytes } from 'node:crypto';
import { accountForWallet, claimOrders, openStore, ordersChangedSince } from '../packages/store/dist/index.js';
import { TriggerIndex } from '../packages/tools/dist/testing.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const TOKENS = Number(process.env.BENCH_ORDER_TOKENS ?? 10_000);
const BASELINE_SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 5);
const INDEX_TICKS = Number(process.env.BENCH_ORDERS_INDEX_TICKS ?? 2_000_000);
/** Ticks the poll-fed engine runs after the baseline's: the denser part of the walk (printed, not judged). */
const LATENCY_TICKS = Number(process.env.BENCH_ORDERS_LATENCY_TICKS ?? 200_000);
/** Ticks the engine fed one tick at a time runs after the baseline's, for the tail of its tick-to-claim latency. */
const STREAM_TICKS = Number(process.env.BENCH_ORDERS_STREAM_TICKS ?? 50_000);
/** Ticks of an unmeasured engine run before the measured ones. */
const WARMUP_TICKS = Number(process.env.BENCH_ORDERS_WARMUP_TICKS ?? 20_000);
/** Runs of the poll-fed engine over the baseline's ticks; the median is compared. */
const REPEATS = Math.max(1, Number(process.env.BENCH_ORDERS_REPEATS ?? 5));
/** Ticks per feed poll in the engine's poll-fed runs. */
const POLL = Math.max(1, Number(process.env.BENCH_ORDERS_POLL ?? 1_000));

/** Deterministic PRNG (mulberry32), so every run walks the same prices. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tokenOf = (n) => `0x${n.toString(16).padStart(40, '0')}`;
const basePrice = (n) => 1 + (n % 997);

/** A seeded tick generator: a token, and its price after a random step of up to +-1 % (a feed's tick is small). */
function ticks(seed) {
  const random = prng(seed);
  const prices = Array.from({ length: TOKENS }, (_, n) => basePrice(n));
  return () => {
    const n = Math.floor(random() * TOKENS);
    prices[n] *= 1 + (random() - 0.5) * 0.02;
    return { network: 'base', token: tokenOf(n), priceUsd: prices[n] };
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN;
const fmt = (value, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

async function openDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url)
    return { db: await openStore({ pgliteDir: 'memory://' }), kind: 'PGlite (in memory)', drop: async () => {} };
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const db = await openStore({ databaseUrl: url, schema });
  return {
    db,
    kind: `PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')}, schema ${schema})`,
    drop: () => db.query(`DROP SCHEMA ${schema} CASCADE`),
  };
}

/**
 * The book, in bulk: one position per order (the schema's foreign key), triggers seeded in SQL: an ABOVE order 1 to
 * 30 % above its token's starting price, a BELOW order 1 to 30 % below (as traders place take-profits and stops).
 * Order g is the (g / TOKENS)-th of token g % TOKENS: direction alternates with that rank and the offset is g * 7919
 * mod 1009 (a prime, so no token count collapses a token's orders onto one trigger: with mod 1000 and 10,000 tokens
 * every order of a token had the same trigger and direction, and a cross claimed all of them at once).
 * The table's secondary indexes are dropped for the load and re-created from their own definitions after it.
 */
async function seedBook(db) {
  const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000be4c4');
  const { rows: indexes } = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('conditional_orders', 'conditional_positions') AND indexdef NOT LIKE '%UNIQUE%' AND schemaname = current_schema()`,
  );
  for (const { indexname } of indexes) await db.query(`DROP INDEX ${indexname}`);
  const batch = 100_000;
  for (let from = 0; from < ORDERS; from += batch) {
    const to = Math.min(ORDERS, from + batch) - 1;
    await db.query(
      `INSERT INTO conditional_positions (position_id, account_id, network, kind, asset, quote_token)
       SELECT 'pos_' || g, $1, 'base', 'EXIT', '0x' || lpad(to_hex(g % $4), 40, '0'), '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
         FROM generate_series($2::int, $3::int) AS g`,
      [accountId, from, to, TOKENS],
    );
    await db.query(
      `INSERT INTO conditional_orders (order_id, position_id, account_id, network, role, order_type, watch_token, trigger_price, direction,
                                       sell_token, buy_token, sell_quantity, status)
       SELECT 'ord_' || g, 'pos_' || g, $1, 'base', 'EXIT', 'STOP_MARKET', '0x' || lpad(to_hex(g % $4), 40, '0'),
              round(((1 + (g % $4) % 997) * (CASE WHEN (g / $4) % 2 = 0 THEN 1.01 + 0.29 * ((g::bigint * 7919) % 1009) / 1009.0 ELSE 0.99 - 0.29 * ((g::bigint * 7919) % 1009) / 1009.0 END))::numeric, 6),
              CASE WHEN (g / $4) % 2 = 0 THEN 'ABOVE' ELSE 'BELOW' END, '0x' || lpad(to_hex(g % $4), 40, '0'), '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 1, 'PENDING'
         FROM generate_series($2::int, $3::int) AS g`,
      [accountId, from, to, TOKENS],
    );
  }
  for (const { indexdef } of indexes) await db.query(indexdef);
  await db.query('VACUUM ANALYZE conditional_orders');
}

/**
 * An ABOVE order at trigger t fires when the price is >= t, BELOW when <= t. ABOVE orders below the starting price
 * (and BELOW ones above it) fire at their token's first tick, in both runs alike.
 */
const BASELINE_CLAIM = `UPDATE conditional_orders SET status = 'EXECUTING', claimed_by = 'baseline', claimed_at = now(), price_seen = $3
  WHERE status = 'PENDING' AND network = $1 AND watch_token = $2
    AND ((direction = 'ABOVE' AND trigger_price <= $3) OR (direction = 'BELOW' AND trigger_price >= $3))
  RETURNING order_id`;

export async function benchOrders() {
  const { db, kind, drop } = await openDatabase();
  try {
    let started = performance.now();
    await seedBook(db);
    const seedSeconds = (performance.now() - started) / 1000;

    // 1. Baseline: SQL per tick, for BASELINE_SECONDS.
    const nextBaseline = ticks(42);
    const baselineLatencies = [];
    let baselineTicks = 0;
    let baselineClaims = 0;
    started = performance.now();
    const deadline = started + BASELINE_SECONDS * 1000;
    while (performance.now() < deadline) {
      const tick = nextBaseline();
      const at = performance.now();
      const { rows } = await db.query(BASELINE_CLAIM, [tick.network, tick.token, tick.priceUsd]);
      if (rows.length) {
        baselineClaims += rows.length;
        baselineLatencies.push(performance.now() - at);
      }
      baselineTicks += 1;
    }
    const baselineRate = baselineTicks / ((performance.now() - started) / 1000);
    await db.query(
      `UPDATE conditional_orders SET status = 'PENDING', claimed_by = NULL, claimed_at = NULL, price_seen = NULL WHERE claimed_by = 'baseline'`,
    );
    // Every run starts from a vacuumed book, as autovacuum keeps a live one (PGlite runs no autovacuum).
    await db.query('VACUUM conditional_orders');

    // 2. The engine: load the index from the table as a worker does at start-up, then the same ticks.
    started = performance.now();
    const index = new TriggerIndex();
    let revision = 0n;
    for (;;) {
      const changed = await ordersChangedSince(db, revision, 50_000);
      if (changed.length === 0) break;
      for (const order of changed) {
        revision = order.revision > revision ? order.revision : revision;
        if (order.status === 'PENDING')
          index.upsert({
            orderId: order.orderId,
            network: order.network,
            token: order.watchToken,
            direction: order.direction,
            triggerPrice: Number(order.triggerPrice),
          });
      }
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const indexed = index.size;

    /**
     * The engine over `count` ticks of `next`, fed `poll` ticks at a time: detection, then one claim per poll that
     * crossed anything. Returns the claimed orders (to undo them) and each claiming poll's tick-to-claim latency.
     */
    const runEngine = async (next, count, poll) => {
      const claimed = [];
      const latencies = [];
      const started = performance.now();
      for (let n = 0; n < count; n += poll) {
        const at = performance.now();
        const batch = [];
        for (let k = n; k < Math.min(count, n + poll); k += 1) batch.push(next());
        const claims = index.claimsFor(batch);
        if (claims.length) {
          claimed.push(...(await claimOrders(db, claims, 'worker:bench')));
          latencies.push(performance.now() - at);
        }
      }
      return {
        claimed,
        latencies: latencies.sort((a, b) => a - b),
        rate: count / ((performance.now() - started) / 1000),
      };
    };
    /** Undo a run's claims, in the table and in the index, so the next run starts from the same book. */
    const undo = async (claimed) => {
      await db.query(
        `UPDATE conditional_orders SET status = 'PENDING', claimed_by = NULL, claimed_at = NULL, price_seen = NULL WHERE claimed_by = 'worker:bench'`,
      );
      await db.query('VACUUM conditional_orders');
      for (const order of claimed)
        index.upsert({
          orderId: order.orderId,
          network: order.network,
          token: order.watchToken,
          direction: order.direction,
          triggerPrice: Number(order.triggerPrice),
        });
    };

    /** The walk of `seed` after its first `skip` ticks. */
    const walkFrom = (seed, skip) => {
      const next = ticks(seed);
      for (let n = 0; n < skip; n += 1) next();
      return next;
    };
    // Warm-up (the baseline's first seconds warm its statement and the JIT alike): another walk, undone.
    await undo((await runEngine(ticks(7), WARMUP_TICKS, 1)).claimed);
    // Fed one tick at a time: the baseline's ticks, then the walk goes on for STREAM_TICKS more (many more crossing
    // ticks for the latency's tail, in the denser part of the walk where more of the book has been crossed).
    const streamed = await runEngine(ticks(42), baselineTicks, 1);
    const streamedOn = await runEngine(walkFrom(42, baselineTicks), STREAM_TICKS, 1);
    await undo([...streamed.claimed, ...streamedOn.claimed]);
    const streamLatencies = [...streamed.latencies, ...streamedOn.latencies].sort((a, b) => a - b);
    // Fed polls: the baseline's ticks, REPEATS times from the same book (one run lasts some 50 ms, where a pause of the
    // GC or the machine weighs; the median run is compared), then the last run's walk continues for LATENCY_TICKS.
    const polledRuns = [];
    for (let run = 1; run <= REPEATS; run += 1) {
      const polled = await runEngine(ticks(42), baselineTicks, POLL);
      polledRuns.push(polled);
      if (run < REPEATS) await undo(polled.claimed);
    }
    const polled = [...polledRuns].sort((a, b) => a.rate - b.rate)[Math.floor(REPEATS / 2)];
    const engineClaims = polled.claimed.length;
    const continued = await runEngine(walkFrom(42, baselineTicks), LATENCY_TICKS, POLL);

    // 3. The index alone: detection without the database (ticks that cross nothing are most ticks in a live market).
    const nextIndex = ticks(7);
    let detected = 0;
    started = performance.now();
    for (let n = 0; n < INDEX_TICKS; n += 1) {
      const tick = nextIndex();
      detected += index.crossing(tick.network, tick.token, tick.priceUsd).length;
    }
    const indexRate = INDEX_TICKS / ((performance.now() - started) / 1000);

    baselineLatencies.sort((a, b) => a - b);
    const ratio = polled.rate / baselineRate;
    const p99 = percentile(streamLatencies, 99);
    console.log(
      `\nconditional-order triggers: ${ORDERS.toLocaleString('en')} open orders over ${TOKENS.toLocaleString('en')} tokens in ${kind}`,
    );
    console.log(
      `  book seeded in ${fmt(seedSeconds, 1)} s; engine index loaded from the table in ${fmt(loadSeconds, 1)} s (${indexed.toLocaleString('en')} orders)`,
    );
    console.log(
      '  run                                         ticks      ticks/s   claims   tick-to-claim p50 / p99 ms (ticks or polls that claimed)',
    );
    const row = (name, count, rate, claims, latencies) =>
      console.log(
        `  ${name.padEnd(42)}${String(count).padStart(7)} ${fmt(rate, 0).padStart(12)} ${String(claims).padStart(8)}   ${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} (${latencies.length})`,
      );
    row('baseline: SQL select+claim per tick', baselineTicks, baselineRate, baselineClaims, baselineLatencies);
    row('engine, fed one tick at a time', baselineTicks, streamed.rate, streamed.claimed.length, streamed.latencies);
    row('  the same walk continued', STREAM_TICKS, streamedOn.rate, streamedOn.claimed.length, streamedOn.latencies);
    row(
      `engine, fed polls of ${POLL} ticks (median of ${REPEATS})`,
      baselineTicks,
      polled.rate,
      engineClaims,
      polled.latencies,
    );
    row('  the same walk continued', LATENCY_TICKS, continued.rate, continued.claimed.length, continued.latencies);
    console.log(
      `  engine index alone (no database)          ${String(INDEX_TICKS).padStart(7)} ${fmt(indexRate, 0).padStart(12)} ${String(detected).padStart(8)}   -`,
    );
    const same =
      polledRuns.every((run) => run.claimed.length === baselineClaims) && streamed.claimed.length === baselineClaims;
    console.log(
      `  same ticks, same orders claimed: ${same ? 'yes' : `NO (baseline ${baselineClaims}, engine ${streamed.claimed.length} / ${engineClaims})`}`,
    );
    console.log(
      `  poll-fed runs: ${polledRuns.map((run) => fmt(run.rate / baselineRate, 0)).join(', ')} x the baseline`,
    );
    console.log(
      `  tick rate engine/baseline on the same ticks: ${fmt(ratio, 1)}x fed by polls, ${fmt(streamed.rate / baselineRate, 1)}x fed one tick at a time (goal >= 100x) ${ratio >= 100 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  p99 tick-to-claim fed one tick at a time: ${fmt(p99)} ms over ${streamLatencies.length} crossing ticks (goal < 5 ms in process) ${p99 < 5 ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  per poll of ${POLL} ticks (all its crossings in one claim): p99 ${fmt(percentile(polled.latencies, 99))} ms on the baseline's ticks, ${fmt(percentile(continued.latencies, 99))} ms further on`,
    );
    return { ok: same };
  } finally {
    await drop();
    await db.close();
  }
}
