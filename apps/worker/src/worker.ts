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
  /** Stop scheduling and wait for passes in flight to finish. */
  stop(): Promise<void>;
}

/** Run jobs on their intervals; a failing pass is logged and the job keeps its schedule. */
export function startWorker(jobs: readonly PeriodicJob[], log: WorkerLog): RunningWorker {
  const controller = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let running = false;
    const tick = () => {
      if (running || controller.signal.aborted) return;
      running = true;
      const pass = job
        .run(controller.signal)
        .catch((err: unknown) => log.error({ job: job.name, err }, `job ${job.name} failed`))
        .finally(() => {
          running = false;
          inFlight.delete(pass);
        });
      inFlight.add(pass);
    };
    return setInterval(tick, job.intervalMs);
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      controller.abort();
      await Promise.all(inFlight);
    },
  };
}
