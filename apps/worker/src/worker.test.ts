import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWorker } from './worker.js';

describe('startWorker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each job on its interval and keeps going after a failing pass', async () => {
    const errors: string[] = [];
    let passes = 0;
    const worker = startWorker(
      [
        {
          name: 'flaky',
          intervalMs: 100,
          run: async () => {
            passes += 1;
            if (passes === 1) throw new Error('boom');
          },
        },
      ],
      { error: ({ job }) => errors.push(job) },
    );
    await vi.advanceTimersByTimeAsync(350);
    expect(passes).toBe(3);
    expect(errors).toEqual(['flaky']);
    await worker.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(passes).toBe(3);
  });

  it('wake runs a job now, and once more after a pass in flight, never overlapping', async () => {
    let passes = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const worker = startWorker(
      [
        {
          name: 'orders',
          intervalMs: 60_000,
          run: async () => {
            passes += 1;
            concurrent += 1;
            maxConcurrent = Math.max(maxConcurrent, concurrent);
            await new Promise((resolve) => setTimeout(resolve, 50));
            concurrent -= 1;
          },
        },
      ],
      { error: () => undefined },
    );
    worker.wake('orders');
    await vi.advanceTimersByTimeAsync(10);
    expect(passes).toBe(1);
    // Two notices during the pass: one more pass right after it, not two.
    worker.wake('orders');
    worker.wake('orders');
    worker.wake('unknown');
    await vi.advanceTimersByTimeAsync(200);
    expect(passes).toBe(2);
    expect(maxConcurrent).toBe(1);
    await worker.stop();
  });

  it('never overlaps passes of one job and stop() waits for the pass in flight, aborting it', async () => {
    let concurrent = 0;
    let maxConcurrent = 0;
    let sawAbort = false;
    const worker = startWorker(
      [
        {
          name: 'slow',
          intervalMs: 10,
          run: async (signal) => {
            concurrent += 1;
            maxConcurrent = Math.max(maxConcurrent, concurrent);
            await new Promise((resolve) => setTimeout(resolve, 55));
            sawAbort ||= signal.aborted;
            concurrent -= 1;
          },
        },
      ],
      { error: () => undefined },
    );
    await vi.advanceTimersByTimeAsync(200);
    const stopped = worker.stop();
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(maxConcurrent).toBe(1);
    expect(concurrent).toBe(0);
    expect(sawAbort).toBe(true);
  });
});
