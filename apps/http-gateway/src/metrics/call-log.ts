import type { CallObserver } from '@svc/tools';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayMetrics } from './gateway-metrics.js';

/** A payer or account as logs show it: its first 6 and last 4 characters. */
export const shortId = (id: string): string => (id.length > 12 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id);

/**
 * Every tool call, whichever transport it came through: one info line (tool, transport, status, latency, short
 * payer, transaction, outcome) and its metrics. The line carries no input, payment or credential.
 */
export function callObserver(metrics: GatewayMetrics, log: FastifyBaseLogger): CallObserver {
  return {
    called(report) {
      const { tool, transport, outcome, status, latencyMs, payer, txHash, reason } = report;
      metrics.toolCalls.inc({ tool, transport, outcome });
      metrics.toolDuration.observe({ tool, transport }, latencyMs / 1000);
      if (reason && (outcome === 'error' || outcome === 'payment_refused' || outcome === 'failed_after_settlement'))
        metrics.toolErrors.inc({ tool, code: boundedReason(reason) });
      if (outcome === 'credit') metrics.creditDebits.inc({ tool });
      log.info(
        {
          tool,
          transport,
          status,
          latencyMs,
          outcome,
          ...(payer ? { payer: shortId(payer) } : {}),
          ...(txHash ? { txHash } : {}),
          ...(reason ? { reason } : {}),
        },
        'tool call',
      );
    },
  };
}

/** A reason code as a label: the facilitator's codes are snake_case words; anything else is `other`. */
export const boundedReason = (reason: string | undefined): string =>
  reason && /^[a-z][a-z0-9_]{0,63}$/.test(reason) ? reason : 'other';
