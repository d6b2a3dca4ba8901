import type { Migration } from './migration.js';

/**
 * x402 `batch-settlement` payment channels whose receiver is this service (one row per channel). The row is the
 * server's half of the channel: the payer's latest voucher (`signed_max`, `signature`), what the service has charged
 * against it (`charged`), and the on-chain balance and claimed total it last saw. Every gateway instance serves the
 * same channels from it:
 * - a voucher is taken by one conditional UPDATE that reserves it (`pending_*`) only while the channel's cumulative
 *   state is the one the voucher was signed against, so two instances can never accept two vouchers for one state;
 * - a claim takes a lease on the channel (`claim_lease_*`), so only one instance puts a channel into a claim at a time.
 * Amounts are token atomic units (numeric: compared in SQL); times are epoch milliseconds, as the SDK's Channel has them.
 */
export const paymentChannels: Migration = {
  version: 28,
  name: 'payment_channels',
  sql: `
CREATE TABLE payment_channels (
  channel_id            text           PRIMARY KEY,
  network               text           NOT NULL,
  payer                 text           NOT NULL,
  config                jsonb          NOT NULL,
  charged               numeric(78, 0) NOT NULL DEFAULT 0 CHECK (charged >= 0),
  signed_max            numeric(78, 0) NOT NULL DEFAULT 0 CHECK (signed_max >= charged),
  signature             text           NOT NULL DEFAULT '',
  balance               numeric(78, 0) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  total_claimed         numeric(78, 0) NOT NULL DEFAULT 0 CHECK (total_claimed >= 0),
  withdraw_requested_at bigint         NOT NULL DEFAULT 0,
  refund_nonce          bigint         NOT NULL DEFAULT 0,
  onchain_synced_at     bigint,
  last_request_at       bigint         NOT NULL,
  pending_id            text,
  pending_max           numeric(78, 0),
  pending_signature     text,
  pending_expires_at    bigint,
  claim_lease_owner     text,
  claim_lease_until     bigint,
  updated_at            timestamptz    NOT NULL DEFAULT now(),
  CHECK ((pending_id IS NULL) = (pending_expires_at IS NULL))
);
CREATE INDEX payment_channels_payer ON payment_channels (payer);
CREATE INDEX payment_channels_unclaimed ON payment_channels (last_request_at) WHERE charged > total_claimed;
`,
};
