import type { ChannelClaims } from '@svc/payments';
import { type Db, unclaimedChannelValue } from '@svc/store';
import type { FastifyInstance } from 'fastify';

export interface ChannelClaimSchedule {
  /** Claim (and sweep) at least this often. */
  readonly intervalMs: number;
  /** Claim sooner once this much charged value (atomic units) is unclaimed. */
  readonly thresholdAtomic: bigint;
  /** How often the unclaimed value is looked at against the threshold (default 5 s, or the interval if shorter). */
  readonly checkMs?: number;
}

/**
 * Claims charged batch-settlement vouchers on a schedule: every interval, or sooner once the unclaimed value passes
 * the threshold, and a last time when the app closes (graceful shutdown), so no charged voucher is left only in the
 * database when the process goes. Each pass claims in batches and then sweeps; one pass at a time per instance, and
 * instances are kept apart by the claims' leases.
 */
export function scheduleChannelClaims(
  app: FastifyInstance,
  { db, network, claims, schedule }: { db: Db; network: string; claims: ChannelClaims; schedule: ChannelClaimSchedule },
): void {
  let lastClaim = Date.now();
  let running: Promise<unknown> | undefined;
  const claimNow = () => {
    lastClaim = Date.now();
    running ??= claims
      .claimAndSweep()
      .then(({ claims: batches, sweep }) => {
        if (batches.length > 0)
          app.log.info(
            { vouchers: batches.reduce((sum, batch) => sum + batch.vouchers, 0), claims: batches, sweep },
            'claimed batch-settlement vouchers',
          );
      })
      .catch((err: unknown) => app.log.warn({ err }, 'claiming batch-settlement vouchers failed; retrying next time'))
      .finally(() => (running = undefined));
    return running;
  };
  const check = async () => {
    if (running) return;
    if (Date.now() - lastClaim >= schedule.intervalMs) return void claimNow();
    const unclaimed = await unclaimedChannelValue(db, network).catch(() => 0n);
    if (unclaimed >= schedule.thresholdAtomic) void claimNow();
  };
  const timer = setInterval(() => void check(), Math.min(schedule.checkMs ?? 5_000, schedule.intervalMs));
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await claimNow();
  });
}
