import { type Db, finishUnansweredSettlement, leaseUnfinishedSettlements, releaseExpiredSettlement } from '@svc/store';
import type { AuthorizationLedger } from './chain-states.js';

/** A network whose chain cannot be read: `reason` says which setting would make it readable. */
export interface UnreadableNetwork {
  readonly unavailable: string;
}

export interface SettlementReconciliation {
  readonly db: Db;
  /** Each payment network's authorization states (keyed by CAIP-2 network), or why it cannot be read. */
  readonly ledgers: ReadonlyMap<string, AuthorizationLedger | UnreadableNetwork>;
  readonly log: { warn(details: object, message: string): void };
  /**
   * Claims that started settling less than this long ago are left to their call (default 60 s: longer than a
   * settlement waits for its receipt, 15 s, plus the call's own work after it).
   */
  readonly olderThanMs?: number;
  /**
   * Claims never settled (their gateway stopped between verify and settle) are checked this long after they were
   * made (default 10 min: longer than an authorization's validity, 300 s, and than any call runs).
   */
  readonly abandonedAfterMs?: number;
  /** How long until a claim checked and left unfinished (still valid, or unreadable) is checked again (default 60 s). */
  readonly recheckMs?: number;
  /** Claims checked per run (default 100). */
  readonly limit?: number;
}

export interface ReconciliationReport {
  /** Used on chain: the ledger row was written (`settled_unanswered`) and the claim settled. */
  readonly settled: number;
  /** Unused and expired: released, with a `settlement_expired` ledger row. */
  readonly released: number;
  /** Still valid and unused, or not readable now: left claimed. */
  readonly unfinished: number;
}

export const DEFAULT_RECONCILE_AFTER_MS = 60_000;
export const DEFAULT_ABANDONED_AFTER_MS = 10 * 60_000;

/**
 * One pass over the settlements whose calls never recorded an outcome (a gateway stopped between the broadcast and
 * the receipt, or the facilitator's answer was lost), by each authorization's state on its chain: used means the payer
 * was charged, so the call gets its ledger row and the claim is settled; unused and expired means nothing can charge
 * the payer any more, so the claim is released; unused and still valid stays claimed (it is never accepted again,
 * and anyone holding it could still land it) and is checked again later. Claims never settled (the gateway stopped
 * between verify and settle) are checked the same way once abandoned: used means someone else landed the
 * authorization, recorded as such; unused and expired releases them. Each claim is leased to this instance while
 * it is checked (see leaseUnfinishedSettlements), so several gateway instances may run this at once.
 */
export async function reconcileSettlements(options: SettlementReconciliation): Promise<ReconciliationReport> {
  const { db, ledgers, log } = options;
  const recheckMs = options.recheckMs ?? DEFAULT_RECONCILE_AFTER_MS;
  const unfinished = await leaseUnfinishedSettlements(db, {
    olderThanMs: options.olderThanMs ?? DEFAULT_RECONCILE_AFTER_MS,
    abandonedAfterMs: options.abandonedAfterMs ?? DEFAULT_ABANDONED_AFTER_MS,
    leaseMs: recheckMs,
    limit: options.limit ?? 100,
  });
  const report = { settled: 0, released: 0, unfinished: 0 };
  for (const settlement of unfinished) {
    const ledger = ledgers.get(settlement.network);
    if (!ledger || 'unavailable' in ledger) {
      report.unfinished++;
      const reason = ledger?.unavailable ?? `no chain reader for network ${settlement.network}`;
      log.warn(
        { paymentId: settlement.paymentId, network: settlement.network },
        `an interrupted settlement stays claimed until its chain can be read: ${reason}`,
      );
      continue;
    }
    try {
      const state = await ledger.stateOf(settlement);
      if (state.used) {
        if (await finishUnansweredSettlement(db, settlement.paymentId, state.txHash, settlement.state))
          report.settled++;
      } else if (state.expired) {
        if (await releaseExpiredSettlement(db, settlement.paymentId, settlement.state)) report.released++;
      } else report.unfinished++;
    } catch (err) {
      // The lease taken above is the retry delay: the claim is checked again after `recheckMs`.
      report.unfinished++;
      log.warn(
        { err, paymentId: settlement.paymentId, network: settlement.network },
        'checking an interrupted settlement on chain failed; retrying later',
      );
    }
  }
  return report;
}
