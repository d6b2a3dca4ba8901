import type { Migration } from './migration.js';

/**
 * Conditional positions and their orders (spec "Conditional order tools", "States and transitions").
 * - A position holds one asset: `asset` is the token an entry acquires or an exit sells (its USD price is what every
 *   trigger of the position watches); `quote_token` is the other side (an entry's funding token, an exit's receive
 *   token). Status OPEN, CLOSED, CANCELLED, FAILED.
 * - Orders: role ENTRY (an entry's buy), EXIT (a createXConditionalExit sell), STOP_LOSS / TAKE_PROFIT (an entry's
 *   exits). Status PENDING (armed: the trigger engine watches it), WAITING (an exit whose entry has not filled yet),
 *   EXECUTING (claimed by one worker), EXECUTED, CANCELLED, FAILED.
 * - `revision` grows on every insert and change (one sequence): workers poll `revision > last seen` to pick up new and
 *   changed orders without LISTEN/NOTIFY (PGlite has no cross-process NOTIFY).
 * - The partial unique index `conditional_orders_one_exit` lets at most one exit of a position be EXECUTING or
 *   EXECUTED: take-profit and stop-loss are one-cancels-the-other even when two workers claim them at once.
 * - `tx_hash` is written before the swap is broadcast, so a claim left behind by a crash is reconciled against the
 *   chain instead of being swapped a second time.
 * - `conditional_order_events` is the history: who did what, when, at which price, with which transaction and outcome.
 */
export const conditionalOrders: Migration = {
  version: 15,
  name: 'conditional_orders',
  sql: `
CREATE SEQUENCE conditional_order_revisions;
CREATE TABLE conditional_positions (
  position_id   text        PRIMARY KEY,
  account_id    text        NOT NULL REFERENCES accounts (id),
  network       text        NOT NULL CHECK (network IN ('solana', 'ethereum', 'bsc', 'polygon', 'base')),
  kind          text        NOT NULL CHECK (kind IN ('ENTRY', 'EXIT')),
  asset         text        NOT NULL,
  quote_token   text        NOT NULL,
  status        text        NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED', 'CANCELLED', 'FAILED')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conditional_positions_account ON conditional_positions (account_id, network, created_at);
CREATE TABLE conditional_orders (
  order_id        text        PRIMARY KEY,
  position_id     text        NOT NULL REFERENCES conditional_positions (position_id),
  account_id      text        NOT NULL REFERENCES accounts (id),
  network         text        NOT NULL,
  role            text        NOT NULL CHECK (role IN ('ENTRY', 'EXIT', 'STOP_LOSS', 'TAKE_PROFIT')),
  order_type      text        NOT NULL CHECK (order_type IN ('MARKET', 'LIMIT', 'STOP_MARKET')),
  watch_token     text        NOT NULL,
  trigger_price   numeric,
  direction       text        CHECK (direction IN ('ABOVE', 'BELOW')),
  sell_token      text        NOT NULL,
  buy_token       text        NOT NULL,
  sell_quantity   numeric,
  buy_quantity    numeric,
  status          text        NOT NULL CHECK (status IN ('PENDING', 'WAITING', 'EXECUTING', 'EXECUTED', 'CANCELLED', 'FAILED')),
  revision        bigint      NOT NULL DEFAULT nextval('conditional_order_revisions'),
  claimed_by      text,
  claimed_at      timestamptz,
  price_seen      numeric,
  tx_hash         text,
  sold_quantity   numeric,
  bought_quantity numeric,
  failure_reason  text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((order_type = 'MARKET') = (trigger_price IS NULL)),
  CHECK ((trigger_price IS NULL) = (direction IS NULL))
);
CREATE INDEX conditional_orders_position ON conditional_orders (position_id, created_at);
CREATE INDEX conditional_orders_revision ON conditional_orders (revision);
CREATE INDEX conditional_orders_live ON conditional_orders (network, watch_token, direction, trigger_price) WHERE status = 'PENDING';
CREATE INDEX conditional_orders_executing ON conditional_orders (claimed_at) WHERE status = 'EXECUTING';
CREATE UNIQUE INDEX conditional_orders_one_exit ON conditional_orders (position_id) WHERE role <> 'ENTRY' AND status IN ('EXECUTING', 'EXECUTED');
CREATE TABLE conditional_order_events (
  event_id      bigserial   PRIMARY KEY,
  position_id   text        NOT NULL REFERENCES conditional_positions (position_id),
  order_id      text,
  actor         text        NOT NULL,
  event         text        NOT NULL,
  price_seen    numeric,
  tx_hash       text,
  detail        text,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conditional_order_events_position ON conditional_order_events (position_id, event_id);
`,
};
