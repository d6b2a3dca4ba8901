import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets (seconds) from a cached read to a slow settlement. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Every metric the gateway publishes on `/metrics`, in a registry of its own app (tests build many apps in one
 * process; prom-client's global registry would mix them). Labels are bounded sets only: route patterns, catalog tool
 * names, transports, outcomes, payment tokens and reason codes, never a URL, payer or address.
 * docs/operations/observability.md lists them.
 */
export function gatewayMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'svc_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'svc_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: SECONDS,
      registers,
    }),
    toolCalls: new Counter({
      name: 'svc_tool_calls_total',
      help: 'Tool calls through the invoke pipeline, by tool, transport (rest, mcp, a2a) and outcome.',
      labelNames: ['tool', 'transport', 'outcome'] as const,
      registers,
    }),
    toolDuration: new Histogram({
      name: 'svc_tool_call_duration_seconds',
      help: 'Time a tool call took in the pipeline (payment and settlement included), by tool and transport.',
      labelNames: ['tool', 'transport'] as const,
      buckets: SECONDS,
      registers,
    }),
    toolErrors: new Counter({
      name: 'svc_tool_call_errors_total',
      help: 'Tool calls that ended in an error or a refused payment, by tool and error or reason code.',
      labelNames: ['tool', 'code'] as const,
      registers,
    }),
    creditDebits: new Counter({
      name: 'svc_credit_debits_total',
      help: 'Tool calls paid from account credit, by tool.',
      labelNames: ['tool'] as const,
      registers,
    }),
    paymentsVerified: new Counter({
      name: 'svc_payments_verified_total',
      help: 'x402 payments the facilitator verified as valid, by payment token.',
      labelNames: ['token'] as const,
      registers,
    }),
    paymentsSettled: new Counter({
      name: 'svc_payments_settled_total',
      help: 'x402 payments settled on chain, by payment token.',
      labelNames: ['token'] as const,
      registers,
    }),
    paymentsRefused: new Counter({
      name: 'svc_payments_refused_total',
      help: 'x402 payments refused by the facilitator, by payment token, stage (verify, settle) and reason code.',
      labelNames: ['token', 'stage', 'reason'] as const,
      registers,
    }),
    facilitatorErrors: new Counter({
      name: 'svc_facilitator_errors_total',
      help: 'Facilitator requests that failed without an answer (unreachable, timed out), by operation.',
      labelNames: ['operation'] as const,
      registers,
    }),
    settlementDuration: new Histogram({
      name: 'svc_settlement_duration_seconds',
      help: 'Time the facilitator took to settle a payment, by payment token.',
      labelNames: ['token'] as const,
      buckets: SECONDS,
      registers,
    }),
    /** A gauge read when scraped: `read` sets its values (the gateway's state, the database's counts). */
    stateGauge<L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      read: (set: (labels: Record<L, string>, value: number) => void) => Promise<void> | void,
    ): Gauge<L> {
      return new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          // A read that fails (the database is down) leaves this gauge empty rather than failing the whole scrape.
          await Promise.resolve(read((labels, value) => this.set(labels, value))).catch(() => undefined);
        },
      });
    },
  };
}

export type GatewayMetrics = ReturnType<typeof gatewayMetrics>;
