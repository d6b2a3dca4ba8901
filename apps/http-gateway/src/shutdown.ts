import type { FastifyBaseLogger } from 'fastify';

export interface ShutdownPlan {
  /** How long the steps may take in all; after it the process exits anyway (code 1). */
  readonly timeoutMs: number;
  /** What to stop, in order (the app closes after the workers that use it, the database last). */
  readonly steps: readonly (() => Promise<unknown>)[];
  readonly log: FastifyBaseLogger;
}

/**
 * Runs the shutdown steps and exits (code 0). Closing the app waits for the requests in flight, and one that stalls
 * (a client that never sends its body, a handler waiting on a hung upstream) would keep the process alive: after
 * `timeoutMs` the process exits with code 1 whatever is still running, and says so.
 */
export async function shutDown(signal: string, plan: ShutdownPlan): Promise<never> {
  plan.log.info({ signal, timeoutMs: plan.timeoutMs }, 'shutting down');
  const deadline = setTimeout(() => {
    plan.log.error(
      { timeoutMs: plan.timeoutMs },
      'shutdown deadline passed (SHUTDOWN_TIMEOUT_MS): cutting what is left',
    );
    process.exit(1);
  }, plan.timeoutMs);
  try {
    for (const step of plan.steps) await step();
  } catch (error) {
    plan.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  clearTimeout(deadline);
  plan.log.info('stopped');
  process.exit(0);
}
