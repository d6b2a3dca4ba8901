import { upstreamHealth, upstreamUsage } from '@svc/providers';
import { Counter } from 'prom-client';
import type { Db } from '@svc/store';
import type { GatewayMetrics } from './gateway-metrics.js';

const BREAKER_STATES = ['closed', 'open', 'half-open', 'isolated'] as const;

/**
 * The metrics read when `/metrics` is scraped: the upstream providers' calls, breakers and queues, the webhook
 * outbox, the conditional-order engine's claims, and the database pool. A gauge whose query fails is left empty.
 */
export function registerStateGauges(metrics: GatewayMetrics, db: Db): void {
  // The providers' clients count for the whole process (and start again when reconfigured): the counter adds what
  // each counted since the previous scrape.
  const seen = new Map<string, { ok: number; failed: number }>();
  new Counter({
    name: 'svc_upstream_calls_total',
    help: 'Calls to each upstream provider (retries not counted apart), by result: ok, or failed (after retries).',
    labelNames: ['provider', 'result'] as const,
    registers: [metrics.registry],
    collect() {
      for (const { provider, calls, failures } of upstreamUsage()) {
        const now = { ok: calls - failures, failed: failures };
        const before = seen.get(provider) ?? { ok: 0, failed: 0 };
        const restarted = now.ok < before.ok || now.failed < before.failed;
        for (const result of ['ok', 'failed'] as const)
          this.inc({ provider, result }, now[result] - (restarted ? 0 : before[result]));
        seen.set(provider, now);
      }
    },
  });
  metrics.stateGauge(
    'svc_upstream_breaker_state',
    'Circuit breaker of each upstream provider: 1 for its current state (closed, open, half-open, isolated).',
    ['provider', 'state'],
    (set) => {
      for (const { provider, breaker } of upstreamHealth())
        for (const state of BREAKER_STATES) set({ provider, state }, breaker === state ? 1 : 0);
    },
  );
  metrics.stateGauge(
    'svc_upstream_requests',
    'Requests to each upstream provider now in flight, and queued under its rate or concurrency cap.',
    ['provider', 'state'],
    (set) => {
      for (const { provider, inFlight, queued } of upstreamHealth()) {
        set({ provider, state: 'in_flight' }, inFlight);
        set({ provider, state: 'queued' }, queued);
      }
    },
  );
  metrics.stateGauge(
    'svc_webhook_outbox',
    'Webhook deliveries by state: pending (of which retrying: failed at least once) and dead (gave up).',
    ['state'],
    async (set) => {
      const { rows } = await db.query<{ pending: string; retrying: string; dead: string }>(
        `SELECT count(*) FILTER (WHERE state = 'pending') AS pending,
                count(*) FILTER (WHERE state = 'pending' AND attempts > 0) AS retrying,
                count(*) FILTER (WHERE state = 'dead') AS dead
           FROM webhook_outbox`,
      );
      for (const [state, count] of Object.entries(rows[0] ?? {})) set({ state }, Number(count));
    },
  );
  metrics.stateGauge(
    'svc_conditional_orders',
    'Open conditional orders by status (PENDING, WAITING, EXECUTING), and those a worker has claimed.',
    ['status'],
    async (set) => {
      const { rows } = await db.query<{ status: string; count: string }>(
        `SELECT status, count(*) AS count FROM conditional_orders
          WHERE status IN ('PENDING', 'WAITING', 'EXECUTING') GROUP BY status
         UNION ALL
         SELECT 'CLAIMED', count(*) FROM conditional_orders
          WHERE claimed_by IS NOT NULL AND status IN ('PENDING', 'WAITING', 'EXECUTING')`,
      );
      for (const status of ['PENDING', 'WAITING', 'EXECUTING', 'CLAIMED'])
        set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
    },
  );
  metrics.stateGauge(
    'svc_conditional_order_engine_lag_seconds',
    'Age of the oldest claim of an order being executed (0 when none): a stuck or slow engine shows here.',
    [],
    async (set) => {
      const { rows } = await db.query<{ lag: string | null }>(
        `SELECT extract(epoch FROM now() - min(claimed_at)) AS lag FROM conditional_orders
          WHERE status = 'EXECUTING' AND claimed_at IS NOT NULL`,
      );
      set({}, Number(rows[0]?.lag ?? 0));
    },
  );
  metrics.stateGauge(
    'svc_db_pool_connections',
    'PostgreSQL pool: connections open (total) and idle, and queries waiting for one. Absent on embedded PGlite.',
    ['state'],
    (set) => {
      const use = db.poolUse?.();
      if (!use) return;
      for (const [state, count] of Object.entries(use)) set({ state }, count);
    },
  );
}
