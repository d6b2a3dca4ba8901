import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from './db.js';

/*
 * Conditional positions and orders (migration 15). Every change is one conditional SQL statement (a CTE where a
 * change and its history event belong together), so two workers, a crash or a concurrent tool call can never move an
 * order twice: whoever's UPDATE finds the expected status wins, everyone else gets undefined.
 */

export type OrderNetwork = 'solana' | 'ethereum' | 'bsc' | 'polygon' | 'base';
export type PositionStatus = 'OPEN' | 'CLOSED' | 'CANCELLED' | 'FAILED';
export type PositionKind = 'ENTRY' | 'EXIT';
export type OrderRole = 'ENTRY' | 'EXIT' | 'STOP_LOSS' | 'TAKE_PROFIT';
export type OrderType = 'MARKET' | 'LIMIT' | 'STOP_MARKET';
export type OrderStatus = 'PENDING' | 'WAITING' | 'EXECUTING' | 'EXECUTED' | 'CANCELLED' | 'FAILED';
export type Direction = 'ABOVE' | 'BELOW';

/** Orders that may still fire. */
export const LIVE_ORDER_STATUSES: readonly OrderStatus[] = ['PENDING', 'WAITING'];

export interface NewOrder {
  readonly role: OrderRole;
  readonly orderType: OrderType;
  readonly watchToken: string;
  /** USD per 1 watchToken; null for MARKET. */
  readonly triggerPrice: string | null;
  readonly direction: Direction | null;
  readonly sellToken: string;
  readonly buyToken: string;
  /** Exactly one of sellQuantity and buyQuantity, except for an entry's exits before the entry fills (both null). */
  readonly sellQuantity: string | null;
  readonly buyQuantity: string | null;
  readonly status: 'PENDING' | 'WAITING';
}

export interface StoredOrder {
  readonly orderId: string;
  readonly positionId: string;
  readonly accountId: string;
  readonly network: OrderNetwork;
  readonly role: OrderRole;
  readonly orderType: OrderType;
  readonly watchToken: string;
  readonly triggerPrice: string | null;
  readonly direction: Direction | null;
  readonly sellToken: string;
  readonly buyToken: string;
  readonly sellQuantity: string | null;
  readonly buyQuantity: string | null;
  readonly status: OrderStatus;
  readonly revision: bigint;
  readonly claimedBy: string | null;
  readonly claimedAt: string | null;
  readonly priceSeen: string | null;
  readonly txHash: string | null;
  /** What the chain needs to tell whether `txHash` can still land (a Solana recent blockhash); see recordOrderTx. */
  readonly txLifetime: string | null;
  readonly soldQuantity: string | null;
  readonly boughtQuantity: string | null;
  readonly failureReason: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface OrderEvent {
  readonly orderId: string | null;
  /** Who acted: `account:<id>` for a tool call, `worker:<id>` for the trigger engine. */
  readonly actor: string;
  readonly event: string;
  readonly priceSeen: string | null;
  readonly txHash: string | null;
  readonly detail: string | null;
  readonly at: string;
}

export interface StoredPosition {
  readonly positionId: string;
  readonly accountId: string;
  readonly network: OrderNetwork;
  readonly kind: PositionKind;
  readonly asset: string;
  readonly quoteToken: string;
  readonly status: PositionStatus;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly orders: StoredOrder[];
  readonly history: OrderEvent[];
}

/** What a history event records besides its kind and actor. */
export interface EventDetails {
  readonly priceSeen?: string | null;
  readonly txHash?: string | null;
  readonly detail?: string | null;
}

type Time = Date | string;
const iso = (value: Time) => new Date(value).toISOString();
const isoOrNull = (value: Time | null) => (value === null ? null : iso(value));
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

type OrderRow = {
  order_id: string;
  position_id: string;
  account_id: string;
  network: OrderNetwork;
  role: OrderRole;
  order_type: OrderType;
  watch_token: string;
  trigger_price: unknown;
  direction: Direction | null;
  sell_token: string;
  buy_token: string;
  sell_quantity: unknown;
  buy_quantity: unknown;
  status: OrderStatus;
  revision: string | number | bigint;
  claimed_by: string | null;
  claimed_at: Time | null;
  price_seen: unknown;
  tx_hash: string | null;
  tx_lifetime: string | null;
  sold_quantity: unknown;
  bought_quantity: unknown;
  failure_reason: string | null;
  created_at: Time;
  updated_at: Time;
};

const ORDER_COLUMNS =
  'order_id, position_id, account_id, network, role, order_type, watch_token, trigger_price::text AS trigger_price, direction, sell_token, buy_token, ' +
  'sell_quantity::text AS sell_quantity, buy_quantity::text AS buy_quantity, status, revision, claimed_by, claimed_at, price_seen::text AS price_seen, tx_hash, tx_lifetime, ' +
  'sold_quantity::text AS sold_quantity, bought_quantity::text AS bought_quantity, failure_reason, created_at, updated_at';

function toOrder(row: OrderRow): StoredOrder {
  return {
    orderId: row.order_id,
    positionId: row.position_id,
    accountId: row.account_id,
    network: row.network,
    role: row.role,
    orderType: row.order_type,
    watchToken: row.watch_token,
    triggerPrice: text(row.trigger_price),
    direction: row.direction,
    sellToken: row.sell_token,
    buyToken: row.buy_token,
    sellQuantity: text(row.sell_quantity),
    buyQuantity: text(row.buy_quantity),
    status: row.status,
    revision: BigInt(row.revision),
    claimedBy: row.claimed_by,
    claimedAt: isoOrNull(row.claimed_at),
    priceSeen: text(row.price_seen),
    txHash: row.tx_hash,
    txLifetime: row.tx_lifetime,
    soldQuantity: text(row.sold_quantity),
    boughtQuantity: text(row.bought_quantity),
    failureReason: row.failure_reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The history event appended by a statement's `changed` CTE (one row per changed order). */
const EVENT_OF_CHANGED = (
  actorParam: string,
  eventParam: string,
  priceParam: string,
  txParam: string,
  detailParam: string,
) =>
  `, logged AS (INSERT INTO conditional_order_events (position_id, order_id, actor, event, price_seen, tx_hash, detail)
     SELECT position_id, order_id, ${actorParam}, ${eventParam}, ${priceParam}::numeric, ${txParam}, ${detailParam} FROM changed)
   SELECT ${ORDER_COLUMNS} FROM changed`;

/** Create a position with its orders and their `created` events, atomically (one statement). */
export async function createPosition(
  db: Queryable,
  position: {
    accountId: string;
    network: OrderNetwork;
    kind: PositionKind;
    asset: string;
    quoteToken: string;
    orders: readonly NewOrder[];
    actor: string;
  },
): Promise<StoredPosition> {
  const positionId = newId('pos');
  const orders = position.orders.map((order) => ({
    order_id: newId('ord'),
    role: order.role,
    order_type: order.orderType,
    watch_token: order.watchToken,
    trigger_price: order.triggerPrice,
    direction: order.direction,
    sell_token: order.sellToken,
    buy_token: order.buyToken,
    sell_quantity: order.sellQuantity,
    buy_quantity: order.buyQuantity,
    status: order.status,
  }));
  await db.query(
    `WITH p AS (
       INSERT INTO conditional_positions (position_id, account_id, network, kind, asset, quote_token) VALUES ($1, $2, $3, $4, $5, $6) RETURNING position_id
     ), o AS (
       INSERT INTO conditional_orders (order_id, position_id, account_id, network, role, order_type, watch_token, trigger_price, direction,
                                       sell_token, buy_token, sell_quantity, buy_quantity, status)
       SELECT r.order_id, p.position_id, $2, $3, r.role, r.order_type, r.watch_token, r.trigger_price, r.direction, r.sell_token, r.buy_token,
              r.sell_quantity, r.buy_quantity, r.status
         FROM p, jsonb_to_recordset($7::jsonb) AS r(order_id text, role text, order_type text, watch_token text, trigger_price numeric,
              direction text, sell_token text, buy_token text, sell_quantity numeric, buy_quantity numeric, status text)
       RETURNING position_id, order_id, status
     )
     INSERT INTO conditional_order_events (position_id, order_id, actor, event) SELECT position_id, order_id, $8, 'created' FROM o`,
    [
      positionId,
      position.accountId,
      position.network,
      position.kind,
      position.asset,
      position.quoteToken,
      JSON.stringify(orders),
      position.actor,
    ],
  );
  const [created] = await positionsOf(db, position.accountId, { positionId });
  return created as StoredPosition;
}

export interface PositionFilter {
  readonly positionId?: string;
  readonly network?: OrderNetwork;
  readonly status?: PositionStatus;
}

/** The account's positions (oldest first) with their orders and history; another account's are never returned. */
export async function positionsOf(
  db: Queryable,
  accountId: string,
  filter: PositionFilter = {},
): Promise<StoredPosition[]> {
  const { rows } = await db.query<{
    position_id: string;
    account_id: string;
    network: OrderNetwork;
    kind: PositionKind;
    asset: string;
    quote_token: string;
    status: PositionStatus;
    created_at: Time;
    updated_at: Time;
  }>(
    `SELECT position_id, account_id, network, kind, asset, quote_token, status, created_at, updated_at FROM conditional_positions
      WHERE account_id = $1 AND ($2::text IS NULL OR position_id = $2) AND ($3::text IS NULL OR network = $3) AND ($4::text IS NULL OR status = $4)
      ORDER BY created_at, position_id`,
    [accountId, filter.positionId ?? null, filter.network ?? null, filter.status ?? null],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.position_id);
  const orders = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM conditional_orders WHERE position_id = ANY($1::text[])
      ORDER BY created_at, array_position(ARRAY['ENTRY', 'EXIT', 'STOP_LOSS', 'TAKE_PROFIT'], role), order_id`,
    [ids],
  );
  const events = await db.query<{
    position_id: string;
    order_id: string | null;
    actor: string;
    event: string;
    price_seen: unknown;
    tx_hash: string | null;
    detail: string | null;
    at: Time;
  }>(
    `SELECT position_id, order_id, actor, event, price_seen::text AS price_seen, tx_hash, detail, at FROM conditional_order_events
      WHERE position_id = ANY($1::text[]) ORDER BY event_id`,
    [ids],
  );
  return rows.map((row) => ({
    positionId: row.position_id,
    accountId: row.account_id,
    network: row.network,
    kind: row.kind,
    asset: row.asset,
    quoteToken: row.quote_token,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    orders: orders.rows.filter((order) => order.position_id === row.position_id).map(toOrder),
    history: events.rows
      .filter((event) => event.position_id === row.position_id)
      .map((event) => ({
        orderId: event.order_id,
        actor: event.actor,
        event: event.event,
        priceSeen: text(event.price_seen),
        txHash: event.tx_hash,
        detail: event.detail,
        at: iso(event.at),
      })),
  }));
}

/** One order of the account (undefined for a missing one and for another account's). */
export async function orderOf(db: Queryable, accountId: string, orderId: string): Promise<StoredOrder | undefined> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM conditional_orders WHERE account_id = $1 AND order_id = $2`,
    [accountId, orderId],
  );
  return rows[0] && toOrder(rows[0]);
}

/** One order by id, whatever its account (the trigger engine). */
export async function orderById(db: Queryable, orderId: string): Promise<StoredOrder | undefined> {
  const { rows } = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM conditional_orders WHERE order_id = $1`, [
    orderId,
  ]);
  return rows[0] && toOrder(rows[0]);
}

/** Add an order to an existing position (updatePosition adding a stop-loss or take-profit). */
export async function addOrder(
  db: Queryable,
  position: { positionId: string; accountId: string; network: OrderNetwork },
  order: NewOrder,
  actor: string,
): Promise<StoredOrder> {
  const { rows } = await db.query<OrderRow>(
    `WITH changed AS (
       INSERT INTO conditional_orders (order_id, position_id, account_id, network, role, order_type, watch_token, trigger_price, direction,
                                       sell_token, buy_token, sell_quantity, buy_quantity, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *
     )${EVENT_OF_CHANGED('$15', "'created'", 'NULL', 'NULL', 'NULL')}`,
    [
      newId('ord'),
      position.positionId,
      position.accountId,
      position.network,
      order.role,
      order.orderType,
      order.watchToken,
      order.triggerPrice,
      order.direction,
      order.sellToken,
      order.buyToken,
      order.sellQuantity,
      order.buyQuantity,
      order.status,
      actor,
    ],
  );
  return toOrder(rows[0] as OrderRow);
}

/** Move one order from one of `from` to `to` (with a history event); undefined when it was not in `from`. */
export async function moveOrder(
  db: Queryable,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  actor: string,
  event: string,
  details: EventDetails & { failureReason?: string; soldQuantity?: string; boughtQuantity?: string } = {},
): Promise<StoredOrder | undefined> {
  const { rows } = await db.query<OrderRow>(
    `WITH changed AS (
       UPDATE conditional_orders SET status = $3, updated_at = now(), revision = nextval('conditional_order_revisions'),
              failure_reason = coalesce($8, failure_reason), sold_quantity = coalesce($9::numeric, sold_quantity),
              bought_quantity = coalesce($10::numeric, bought_quantity), tx_hash = coalesce($6, tx_hash)
        WHERE order_id = $1 AND status = ANY($2::text[]) RETURNING *
     )${EVENT_OF_CHANGED('$4', '$5', '$7', '$6', '$11')}`,
    [
      orderId,
      from,
      to,
      actor,
      event,
      details.txHash ?? null,
      details.priceSeen ?? null,
      details.failureReason ?? null,
      details.soldQuantity ?? null,
      details.boughtQuantity ?? null,
      details.detail ?? details.failureReason ?? null,
    ],
  );
  return rows[0] && toOrder(rows[0]);
}

/** Move every order of a position in `from` (optionally of these roles, except one order) to `to`; returns the moved orders. */
export async function moveOrdersOfPosition(
  db: Queryable,
  positionId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  actor: string,
  event: string,
  scope: { roles?: readonly OrderRole[]; exceptOrderId?: string; sellQuantity?: string; detail?: string } = {},
): Promise<StoredOrder[]> {
  const { rows } = await db.query<OrderRow>(
    `WITH changed AS (
       UPDATE conditional_orders SET status = $3, updated_at = now(), revision = nextval('conditional_order_revisions'),
              sell_quantity = coalesce($8::numeric, sell_quantity)
        WHERE position_id = $1 AND status = ANY($2::text[]) AND ($6::text[] IS NULL OR role = ANY($6::text[])) AND ($7::text IS NULL OR order_id <> $7)
        RETURNING *
     )${EVENT_OF_CHANGED('$4', '$5', 'NULL', 'NULL', '$9')}`,
    [
      positionId,
      from,
      to,
      actor,
      event,
      scope.roles ?? null,
      scope.exceptOrderId ?? null,
      scope.sellQuantity ?? null,
      scope.detail ?? null,
    ],
  );
  return rows.map(toOrder);
}

/** Replace a live order's trigger (price, and direction when given); undefined when the order is no longer live. */
export async function retriggerOrder(
  db: Queryable,
  orderId: string,
  triggerPrice: string,
  direction: Direction | null,
  actor: string,
): Promise<StoredOrder | undefined> {
  const { rows } = await db.query<OrderRow>(
    `WITH changed AS (
       UPDATE conditional_orders SET trigger_price = $2, direction = coalesce($3, direction), updated_at = now(), revision = nextval('conditional_order_revisions')
        WHERE order_id = $1 AND status IN ('PENDING', 'WAITING') AND order_type <> 'MARKET' RETURNING *
     )${EVENT_OF_CHANGED('$4', "'trigger_changed'", '$2', 'NULL', "'trigger ' || direction || ' ' || trigger_price::text")}`,
    [orderId, triggerPrice, direction, actor],
  );
  return rows[0] && toOrder(rows[0]);
}

/** An order a price crossed, and the price that crossed it. */
export interface OrderClaim {
  readonly orderId: string;
  readonly priceSeen: string | null;
}

/**
 * Claim PENDING orders for execution: the one conditional UPDATE that makes execution exactly-once, for every order
 * a batch of price ticks crossed (each with the price that crossed it). An order another worker (or a cancel) got
 * first is simply not returned. When a sibling exit of the same position is already executing or executed (the
 * unique index conditional_orders_one_exit: take-profit and stop-loss cancel each other) the batch fails as a whole
 * and is retried one order at a time, so only the blocked order is left out.
 */
export async function claimOrders(
  db: Queryable,
  claims: readonly OrderClaim[],
  claimant: string,
): Promise<StoredOrder[]> {
  const claim = async (batch: readonly OrderClaim[]) => {
    const { rows } = await db.query<OrderRow>(
      `WITH seen AS (SELECT * FROM unnest($1::text[], $3::numeric[]) AS seen(order_id, price)),
       changed AS (
         UPDATE conditional_orders o SET status = 'EXECUTING', claimed_by = $2, claimed_at = now(), price_seen = seen.price, updated_at = now(),
                revision = nextval('conditional_order_revisions')
           FROM seen WHERE o.order_id = seen.order_id AND o.status = 'PENDING' RETURNING o.*
       )${EVENT_OF_CHANGED('$2', "'claimed'", 'price_seen', 'NULL', 'NULL')}`,
      [batch.map((c) => c.orderId), claimant, batch.map((c) => c.priceSeen)],
    );
    return rows.map(toOrder);
  };
  const uniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
  try {
    return await claim(claims);
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
  }
  const claimed: StoredOrder[] = [];
  for (const one of claims) {
    try {
      claimed.push(...(await claim([one])));
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
    }
  }
  return claimed;
}

/** Claim one PENDING order (see claimOrders); undefined when someone else has it. */
export async function claimOrder(
  db: Queryable,
  orderId: string,
  claimant: string,
  priceSeen: string | null,
): Promise<StoredOrder | undefined> {
  const [claimed] = await claimOrders(db, [{ orderId, priceSeen }], claimant);
  return claimed;
}

/**
 * Record the transaction of a claimed order before it is broadcast (what crash reconciliation looks up), with what its
 * chain needs to tell later whether it can still land (`lifetime`: a Solana recent blockhash; null elsewhere).
 */
export async function recordOrderTx(
  db: Queryable,
  orderId: string,
  claimant: string,
  txHash: string,
  lifetime: string | null = null,
): Promise<boolean> {
  const { rows } = await db.query(
    `WITH changed AS (UPDATE conditional_orders SET tx_hash = $3, tx_lifetime = $4, updated_at = now() WHERE order_id = $1 AND status = 'EXECUTING' AND claimed_by = $2 RETURNING position_id, order_id)
     INSERT INTO conditional_order_events (position_id, order_id, actor, event, tx_hash) SELECT position_id, order_id, $2, 'signed', $3 FROM changed RETURNING order_id`,
    [orderId, claimant, txHash, lifetime],
  );
  return rows.length === 1;
}

/**
 * Executing orders to reconcile: those claimed by `claimant` (a restarted worker's own claims) and those whose claim is
 * older than `staleAfterMs` (a worker that died).
 */
export async function unfinishedClaims(db: Queryable, claimant: string, staleAfterMs: number): Promise<StoredOrder[]> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM conditional_orders
      WHERE status = 'EXECUTING' AND (claimed_by = $1 OR claimed_at < now() - make_interval(secs => $2::double precision / 1000))`,
    [claimant, staleAfterMs],
  );
  return rows.map(toOrder);
}

/** Take over an unfinished claim (conditional on the claimant seen, so two reconcilers never both act on it). */
export async function takeOverClaim(
  db: Queryable,
  order: StoredOrder,
  claimant: string,
): Promise<StoredOrder | undefined> {
  const { rows } = await db.query<OrderRow>(
    `WITH changed AS (
       UPDATE conditional_orders SET claimed_by = $3, claimed_at = now() WHERE order_id = $1 AND status = 'EXECUTING' AND claimed_by = $2 RETURNING *
     )${EVENT_OF_CHANGED('$3', "'reconciling'", 'NULL', 'tx_hash', "'claim of ' || $2::text || ' taken over'")}`,
    [order.orderId, order.claimedBy, claimant],
  );
  return rows[0] && toOrder(rows[0]);
}

/**
 * Call `onChange` whenever orders are inserted or changed, claims aside, so a worker follows the book at once
 * (PostgreSQL: the channel `conditional_orders_changed_<schema>` of migrations 17 and 18); undefined on PGlite, whose
 * workers poll `revision` only. Resolves with a function that stops listening.
 */
export async function onOrderChanges(db: Db, onChange: () => void): Promise<(() => Promise<void>) | undefined> {
  if (!db.listen) return undefined;
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return db.listen(`conditional_orders_changed_${rows[0]?.schema ?? 'public'}`, onChange);
}

/** Orders changed after `revision` (new, re-triggered, claimed, finished): how workers follow the book. */
export async function ordersChangedSince(db: Queryable, revision: bigint, limit = 10_000): Promise<StoredOrder[]> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM conditional_orders WHERE revision > $1 ORDER BY revision LIMIT $2`,
    [revision.toString(), limit],
  );
  return rows.map(toOrder);
}

/**
 * Derive a position's status from its orders, unless one is executing: an executed exit closes it, a failed order
 * fails it, a live order or a filled entry without exits keeps it open, and otherwise (all cancelled) it is
 * cancelled. `cancelHolding` makes a filled entry without live exits CANCELLED (cancelPosition, closeAllPositions).
 */
export async function settlePosition(
  db: Queryable,
  positionId: string,
  actor: string,
  cancelHolding = false,
): Promise<PositionStatus | undefined> {
  const { rows } = await db.query<{ status: PositionStatus }>(
    `WITH o AS (
       SELECT bool_or(status = 'EXECUTING') AS busy, bool_or(role <> 'ENTRY' AND status = 'EXECUTED') AS exited, bool_or(status = 'FAILED') AS failed,
              bool_or(status IN ('PENDING', 'WAITING')) AS live, bool_or(role = 'ENTRY' AND status = 'EXECUTED') AS holding
         FROM conditional_orders WHERE position_id = $1
     ), next AS (
       SELECT CASE WHEN exited THEN 'CLOSED' WHEN failed THEN 'FAILED' WHEN live THEN 'OPEN' WHEN holding AND NOT $3 THEN 'OPEN' ELSE 'CANCELLED' END AS status
         FROM o WHERE NOT coalesce(busy, false)
     ), changed AS (
       UPDATE conditional_positions p SET status = next.status, updated_at = now() FROM next
        WHERE p.position_id = $1 AND p.status = 'OPEN' AND next.status <> 'OPEN' RETURNING p.position_id, p.status
     ), logged AS (
       INSERT INTO conditional_order_events (position_id, actor, event) SELECT position_id, $2, 'position_' || lower(status) FROM changed
     )
     SELECT coalesce((SELECT status FROM changed), (SELECT status FROM conditional_positions WHERE position_id = $1)) AS status`,
    [positionId, actor, cancelHolding],
  );
  return rows[0]?.status;
}
