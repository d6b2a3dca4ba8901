import type { Db, Queryable } from './db.js';

/** What the watcher saw: one side (in or out) of one transfer touching a tracked address. */
export interface NewActivityEvent {
  readonly chain: string;
  /** The tracked address key (EVM lower-cased). */
  readonly address: string;
  readonly kind: string;
  readonly txHash: string;
  /** The log's index in its block; null for a native transfer (a transaction, not a log). */
  readonly logIndex: number | null;
  readonly blockNumber: number;
  readonly occurredAt: Date;
  /** Kind-specific fields (from, to, asset, amount), returned and delivered as they are. */
  readonly details: Readonly<Record<string, unknown>>;
}

/** An activity event as callers see it (getTrackedWallets) and webhooks carry it (`data`). */
export interface ActivityEvent {
  readonly eventId: string;
  readonly kind: string;
  readonly chain: string;
  readonly address: string;
  readonly txHash: string;
  readonly blockNumber: number;
  readonly logIndex: number | null;
  readonly occurredAt: string;
  readonly [detail: string]: unknown;
}

/**
 * The body of a webhook (the Standard Webhooks envelope): `type` is `tracked_wallet.<kind>`, `timestamp` when the
 * activity happened on chain, `data` the event exactly as getTrackedWallets returns it.
 */
function webhookBodyOf(event: ActivityEvent): string {
  return JSON.stringify({ type: `tracked_wallet.${event.kind}`, timestamp: event.occurredAt, data: event });
}

type EventRow = {
  id: string | number;
  kind: string;
  chain: string;
  address_key: string;
  tx_hash: string;
  block_number: string | number;
  log_index: number;
  occurred_at: Date | string;
  payload: Record<string, unknown>;
};

/** Native transfers have no log; -1 keeps them inside the unique key (NULLs would never conflict). */
const NO_LOG = -1;

function toEvent(row: EventRow): ActivityEvent {
  return {
    eventId: `evt_${row.id}`,
    kind: row.kind,
    chain: row.chain,
    address: row.address_key,
    txHash: row.tx_hash,
    blockNumber: Number(row.block_number),
    logIndex: row.log_index === NO_LOG ? null : row.log_index,
    occurredAt: new Date(row.occurred_at).toISOString(),
    ...row.payload,
  };
}

const EVENT_COLUMNS = 'id, kind, chain, address_key, tx_hash, block_number, log_index, occurred_at, payload';

/** The block a chain's watcher has processed up to, if it ever ran. */
export async function watchCursor(db: Queryable, chain: string): Promise<number | undefined> {
  const { rows } = await db.query<{ last_block: string | number }>(
    'SELECT last_block FROM watch_cursors WHERE chain = $1',
    [chain],
  );
  return rows[0] ? Number(rows[0].last_block) : undefined;
}

/**
 * Store the events of a scanned block range and move the chain's cursor to `throughBlock`, in one transaction.
 * An event already stored (a re-scan) is skipped; each new one gets one outbox row per account that tracks its
 * address on its chain and has a webhook endpoint. Either all of that happens or none of it, so a crash between
 * scanning and storing only means the range is scanned again.
 */
export async function recordActivity(
  db: Db,
  chain: string,
  events: readonly NewActivityEvent[],
  throughBlock: number,
): Promise<{ stored: number; enqueued: number }> {
  return db.transaction(async (tx) => {
    let stored = 0;
    let enqueued = 0;
    for (const event of events) {
      const { rows } = await tx.query<EventRow>(
        `INSERT INTO activity_events (chain, address_key, kind, tx_hash, log_index, block_number, payload, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
         ON CONFLICT (chain, tx_hash, log_index, address_key, kind) DO NOTHING RETURNING ${EVENT_COLUMNS}`,
        [
          event.chain,
          event.address,
          event.kind,
          event.txHash,
          event.logIndex ?? NO_LOG,
          event.blockNumber,
          JSON.stringify(event.details),
          event.occurredAt,
        ],
      );
      const row = rows[0];
      if (!row) continue;
      stored += 1;
      const outbox = await tx.query(
        `INSERT INTO webhook_outbox (id, account_id, event_id, payload)
         SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), t.account_id, $1, $2
           FROM tracked_wallets t JOIN webhook_endpoints w ON w.account_id = t.account_id
          WHERE t.address_key = $3 AND $4 = ANY (t.chains)
         ON CONFLICT (account_id, event_id) DO NOTHING RETURNING id`,
        [row.id, webhookBodyOf(toEvent(row)), event.address, event.chain],
      );
      enqueued += outbox.rows.length;
    }
    await tx.query(
      `INSERT INTO watch_cursors (chain, last_block) VALUES ($1, $2)
       ON CONFLICT (chain) DO UPDATE SET last_block = EXCLUDED.last_block, updated_at = now()`,
      [chain, throughBlock],
    );
    return { stored, enqueued };
  });
}

/** The newest `limit` events of the wallets the account tracks, on the chains it tracks them on; newest first (by block time, then position in the block). */
export async function recentActivityOf(db: Queryable, accountId: string, limit: number): Promise<ActivityEvent[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM activity_events e
      WHERE EXISTS (SELECT 1 FROM tracked_wallets t WHERE t.account_id = $1 AND t.address_key = e.address_key AND e.chain = ANY (t.chains))
      ORDER BY e.occurred_at DESC, e.block_number DESC, e.log_index DESC, e.id DESC LIMIT $2`,
    [accountId, limit],
  );
  return rows.map(toEvent);
}
