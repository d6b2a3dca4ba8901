import type { Db } from '@svc/store';
import type { FacilitatorClient } from '@x402/core/server';
import type { FastifyInstance } from 'fastify';

export interface ReadinessTargets {
  readonly db: Db;
  /** The facilitator paid calls settle through (none: paid calls answer 503, which /ready reports, not fails on). */
  readonly facilitator: FacilitatorClient | undefined;
  /** JSON-RPC endpoints the service needs, by chain, with a request each answers when up (the sandbox chains). */
  readonly rpcs: Readonly<Record<string, { readonly url: string; readonly method: string }>>;
}

/** How long one check may take: a probe must answer well within a load balancer's timeout. */
const CHECK_TIMEOUT_MS = 3_000;

interface Check {
  readonly ok: boolean;
  readonly latencyMs?: number;
  readonly error?: string;
}

async function check(probe: (signal: AbortSignal) => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  try {
    // The race bounds a probe that ignores its signal (the facilitator client takes none).
    await Promise.race([
      probe(signal),
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('timed out')))),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function rpcAnswers(url: string, method: string, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as { error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? 'JSON-RPC error');
}

/**
 * `GET /ready`: can this instance serve calls now? The database answers, the facilitator answers (`/supported`), the
 * chains' RPCs answer. 200 when all do, 503 naming the ones that do not (take it out of the load balancer). `/health`
 * stays the liveness check.
 */
export function readyRoute(app: FastifyInstance, targets: ReadinessTargets): void {
  app.get('/ready', async (_request, reply) => {
    const { db, facilitator, rpcs } = targets;
    const [database, facilitatorCheck, ...chainChecks] = await Promise.all([
      check(() => db.query('SELECT 1')),
      facilitator ? check(() => facilitator.getSupported()) : Promise.resolve(undefined),
      ...Object.values(rpcs).map(({ url, method }) => check((signal) => rpcAnswers(url, method, signal))),
    ]);
    const chains = Object.fromEntries(Object.keys(rpcs).map((chain, index) => [chain, chainChecks[index]!]));
    const ready = database!.ok && (facilitatorCheck?.ok ?? true) && chainChecks.every((chain) => chain!.ok);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ready' : 'not_ready',
        database: { kind: db.kind, ...database },
        facilitator: facilitatorCheck ?? { ok: true, configured: false },
        chains,
      });
  });
}
