import {
  type AuthorizationLedger,
  evmAuthorizationLedger,
  NETWORKS,
  reconcileSettlements,
  type SettlementBroadcasts,
  solanaAuthorizationLedger,
  stacksAuthorizationLedger,
  type UnreadableNetwork,
} from '@svc/payments';
import { type Db, recordSettlementBroadcast } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@svc/config';
import type { Sandbox } from './sandbox.js';

/** How often interrupted settlements are looked for (and each still-valid one checked again). */
export const RECONCILE_INTERVAL_MS = 60_000;

export interface ReconciliationSchedule {
  /** Between runs (default RECONCILE_INTERVAL_MS). */
  readonly intervalMs?: number;
  /** Settlements younger than this are left to their call (default: reconcileSettlements' own). */
  readonly olderThanMs?: number;
}

/**
 * Where each payment network's authorizations are read: the sandbox chains the in-process facilitator settles on, or
 * in live mode (a remote facilitator) the network's RPC setting; without it, why not.
 */
export function authorizationLedgers(
  config: Config,
  sandbox: Sandbox | undefined,
): Map<string, AuthorizationLedger | UnreadableNetwork> {
  if (sandbox) {
    return new Map<string, AuthorizationLedger | UnreadableNetwork>([
      [NETWORKS.base, evmAuthorizationLedger(sandbox.base.rpcUrl)],
      [NETWORKS.stacks, stacksAuthorizationLedger(sandbox.stacks)],
      // The sandbox chain lands a transaction when it is sent (its blockhashes never expire).
      [NETWORKS.solana, solanaAuthorizationLedger(sandbox.solana.rpcUrl, { landsOnSend: true })],
    ]);
  }
  return new Map<string, AuthorizationLedger | UnreadableNetwork>([
    [
      NETWORKS.base,
      config.baseRpcUrl ? evmAuthorizationLedger(config.baseRpcUrl) : { unavailable: 'set RPC_URL_BASE' },
    ],
    [
      NETWORKS.solana,
      {
        unavailable:
          'a remote facilitator broadcasts Solana settlements: their transaction signatures are not recorded here',
      },
    ],
    [
      NETWORKS.stacks,
      { unavailable: 'Stacks settlements are not reconciled in live mode yet (no Stacks API setting)' },
    ],
  ]);
}

/**
 * Reconcile interrupted settlements once the app is ready (what an earlier process left) and then periodically; and
 * record each transaction the in-process facilitator (the sandbox's, or live SETTLER_PRIVATE_KEYS') broadcasts on its
 * claim before it is broadcast.
 */
export function scheduleSettlementReconciliation(
  app: FastifyInstance,
  {
    db,
    config,
    sandbox,
    broadcasts,
    schedule = {},
  }: {
    db: Db;
    config: Config;
    sandbox: Sandbox | undefined;
    broadcasts: SettlementBroadcasts | undefined;
    schedule?: ReconciliationSchedule;
  },
): void {
  if (broadcasts) {
    const stopListening = broadcasts.listen((broadcast) =>
      recordSettlementBroadcast(db, broadcast).catch((err: unknown) =>
        app.log.warn({ err, txHash: broadcast.txHash }, 'recording a settlement broadcast failed'),
      ),
    );
    app.addHook('onClose', async () => stopListening());
  }
  const ledgers = authorizationLedgers(config, sandbox);
  const log = { warn: (details: object, message: string) => app.log.warn(details, message) };
  let running: Promise<unknown> | undefined;
  const run = () => {
    // One pass at a time per instance; other instances are kept apart by the claims' leases.
    running ??= reconcileSettlements({ db, ledgers, log, olderThanMs: schedule.olderThanMs })
      .then((report) => {
        if (report.settled || report.released) app.log.info(report, 'reconciled interrupted settlements');
      })
      .catch((err: unknown) =>
        app.log.warn({ err }, 'reconciling interrupted settlements failed; retrying next interval'),
      )
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, schedule.intervalMs ?? RECONCILE_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
