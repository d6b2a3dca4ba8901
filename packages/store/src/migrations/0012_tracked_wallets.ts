import type { Migration } from './migration.js';

/**
 * Wallet tracking and its webhooks (addTrackedWallet & co., the worker's watcher and webhook delivery).
 * - `tracked_wallets`: per account, keyed by `address_key` (EVM addresses lower-cased, Solana as given), so one
 *   wallet is tracked once per account whatever its capitalisation.
 * - `activity_events`: on-chain activity of tracked addresses, shared by every account tracking them. The unique
 *   key (chain, tx, log index, address, kind) makes a re-scan of the same blocks a no-op.
 * - `watch_cursors`: the last block each chain's watcher has fully processed, moved in the transaction that
 *   stores that block range's events.
 * - `webhook_endpoints`: one per account; the signing secret is only ever shown to the owner when made.
 * - `webhook_outbox`: one row per event per subscribed account, written with the event; `id` is the stable
 *   `webhook-id` and `payload` the exact body, so every retry sends the same bytes.
 */
export const trackedWallets: Migration = {
  version: 12,
  name: 'tracked_wallets',
  sql: `
CREATE TABLE tracked_wallets (
  account_id   text        NOT NULL REFERENCES accounts (id),
  address_key  text        NOT NULL,
  address      text        NOT NULL,
  kind         text        NOT NULL CHECK (kind IN ('evm', 'solana')),
  label        text,
  chains       text[]      NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, address_key)
);
CREATE INDEX tracked_wallets_address ON tracked_wallets (address_key);

CREATE TABLE activity_events (
  id            bigserial   PRIMARY KEY,
  chain         text        NOT NULL,
  address_key   text        NOT NULL,
  kind          text        NOT NULL,
  tx_hash       text        NOT NULL,
  log_index     integer     NOT NULL,
  block_number  bigint      NOT NULL,
  payload       jsonb       NOT NULL,
  occurred_at   timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain, tx_hash, log_index, address_key, kind)
);
CREATE INDEX activity_events_address ON activity_events (address_key, chain, occurred_at DESC);

CREATE TABLE watch_cursors (
  chain       text        PRIMARY KEY,
  last_block  bigint      NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_endpoints (
  account_id         text        PRIMARY KEY REFERENCES accounts (id),
  url                text        NOT NULL,
  secret             text        NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  secret_rotated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_outbox (
  id               text        PRIMARY KEY,
  account_id       text        NOT NULL REFERENCES accounts (id),
  event_id         bigint      NOT NULL REFERENCES activity_events (id),
  payload          text        NOT NULL,
  attempts         integer     NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  state            text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  delivered_at     timestamptz,
  UNIQUE (account_id, event_id)
);
CREATE INDEX webhook_outbox_due ON webhook_outbox (next_attempt_at) WHERE state = 'pending';
`,
};
