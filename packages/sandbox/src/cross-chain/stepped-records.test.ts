import { describe, expect, it } from 'vitest';
import { SteppedRecords } from './stepped-records.js';

interface Job {
  state: number;
  readonly log: string[];
}

describe('SteppedRecords', () => {
  it('runs the steps of one entry one after another, however many advance it at once', async () => {
    let running = 0;
    let overlapped = false;
    const records = new SteppedRecords<Job>(
      async (job) => {
        running++;
        overlapped ||= running > 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        job.log.push(`step ${job.state++}`);
        running--;
      },
      (job) => job.state < 3,
    );
    records.add('a', { state: 0, log: [] });
    await Promise.all([records.advance('a'), records.advance('a'), records.advance('a')]);
    expect(overlapped).toBe(false);
    expect(records.get('a')?.log).toEqual(['step 0', 'step 1', 'step 2']);
  });

  it('steps only the open entries, and a failed step does not block the next', async () => {
    const records = new SteppedRecords<Job>(
      async (job) => {
        if (job.state === 0 && job.log.length === 0) {
          job.log.push('failed');
          throw new Error('payout failed');
        }
        job.state++;
      },
      (job) => job.state < 1,
    );
    records.add('open', { state: 0, log: [] });
    records.add('done', { state: 1, log: [] });
    await expect(records.advance('open')).rejects.toThrow('payout failed');
    expect(await records.advanceAll()).toBe(1);
    expect(records.get('open')?.state).toBe(1);
    expect(records.get('done')?.state).toBe(1);
    expect(await records.advance('unknown')).toBeUndefined();
  });
});
