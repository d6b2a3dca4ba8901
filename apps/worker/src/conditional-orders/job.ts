import type { OrderEngine } from '@svc/tools';
import type { PeriodicJob } from '../worker.js';

/** How often a worker follows the order book and reads prices, unless configured. */
export const CONDITIONAL_ORDER_INTERVAL_MS = 250;

/** The job's name (RunningWorker.wake it when PostgreSQL announces order changes). */
export const CONDITIONAL_ORDER_JOB = 'conditional-orders';

/**
 * The conditional-order trigger job: the first pass reconciles unfinished claims against the chain and loads the
 * book (OrderEngine.start); every later pass follows new and changed orders (reading by revision, which works on
 * PGlite and PostgreSQL alike; on PostgreSQL a NOTIFY wakes the job at once, see onOrderChanges), reads the prices of
 * the watched tokens and claims what crosses.
 */
export function conditionalOrderJob(engine: OrderEngine, intervalMs = CONDITIONAL_ORDER_INTERVAL_MS): PeriodicJob {
  let started = false;
  return {
    name: CONDITIONAL_ORDER_JOB,
    intervalMs,
    async run() {
      if (!started) {
        await engine.start();
        started = true;
      }
      await engine.pass();
    },
  };
}
