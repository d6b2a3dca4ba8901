import type { Migration } from './migration.js';

/**
 * Idempotency-Key records, scoped per payer: the first request with a key claims the row (state 'running'),
 * and its final response is stored so a retry returns it without a second charge.
 */
export const idempotency: Migration = {
  version: 4,
  name: 'idempotency_keys',
  sql: `
CREATE TABLE idempotency_keys (
  idem_key          text        NOT NULL,
  payer             text        NOT NULL,
  tool              text        NOT NULL,
  input_hash        text        NOT NULL,
  payment_id        text        NOT NULL,
  state             text        NOT NULL CHECK (state IN ('running', 'done')),
  http_status       integer,
  body              jsonb,
  payment_response  text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (idem_key, payer)
);
CREATE INDEX idempotency_keys_payment ON idempotency_keys (payment_id);
`,
};
