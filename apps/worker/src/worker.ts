/** A background job that runs every `intervalMs` (conditional-order triggers, webhook delivery, watchers). */
export interface PeriodicJob {
  readonly name: string;
  readonly intervalMs: number;
  /** One pass. `signal` aborts when the worker stops; a pass is never started while the previous one runs. */
  run(signal: AbortSignal): Promise<void>;
}

export interface WorkerLog {
  error(details: { job: string; err: unknown }, message: string): void;
}

export interface RunningWorker {
  /**
   * Run job `name` now instead of at its next interval (a NOTIFY says there is work); a pass in flight is followed
   * by one more, so nothing announced during it waits for the interval.
   */
  wake(name: string): void;
  /** Stop scheduling and wait for passes in flight to finish. */
  stop(): Promise<void>;
}

/** Run jobs on their intervals; a failing pass is logged and the job keeps its schedule. */
export function startWorker(jobs: readonly PeriodicJob[], log: WorkerLog): RunningWorker {
  const controller = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const wakers = new Map<string, () => void>();
  const timers = jobs.map((job) => {
    let running = false;
    let again = false;
    const tick = (woken: boolean) => {
      if (controller.signal.aborted) return;
      if (running) {
        again ||= woken;
        return;
      }
      running = true;
      const pass = job
        .run(controller.signal)
        .catch((err: unknown) => log.error({ job: job.name, err }, `job ${job.name} failed`))
        .finally(() => {
          running = false;
          inFlight.delete(pass);
          if (again) {
            again = false;
            tick(false);
          }
        });
      inFlight.add(pass);
    };
    wakers.set(job.name, () => tick(true));
    return setInterval(() => tick(false), job.intervalMs);
  });
  return {
    wake(name) {
      wakers.get(name)?.();
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      controller.abort();
      await Promise.all(inFlight);
    },
  };
}
