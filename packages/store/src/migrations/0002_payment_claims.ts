import type { Migration } from './migration.js';

/**
 * One row per payment the service has accepted for execution, keyed by the hash of the signed payment. The
 * primary key is what makes a replayed or concurrently double-submitted PAYMENT-SIGNATURE lose: only one request
 * can insert the row. A read call that fails before settlement deletes its row, so the unspent payment can be
 * retried.
 */
export const paymentClaims: Migration = {
  version: 2,
  name: 'payment_claims',
  sql: `
CREATE TABLE payment_claims (
  payment_id  text        PRIMARY KEY,
  tool        text        NOT NULL,
  network     text        NOT NULL,
  payer       text,
  state       text        NOT NULL CHECK (state IN ('claimed', 'settled')),
  tx_hash     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  settled_at  timestamptz
);
`,
};
