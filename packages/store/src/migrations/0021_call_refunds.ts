import type { Migration } from './migration.js';

/**
 * Call refunds: a call paid with x402 whose payment settled and which then failed is credited its price as a
 * `call_refund` credit entry. Its `reference` is the settled payment's id, unique for the kind, so one payment is
 * credited at most once however often the call is retried or replayed; `call_id` is the call's ledger row (the
 * failed call it makes good), unique too, so the account's credit history names the call it refunds.
 */
export const callRefunds: Migration = {
  version: 21,
  name: 'call_refunds',
  sql: `
ALTER TABLE credit_entries DROP CONSTRAINT credit_entries_kind_check;
ALTER TABLE credit_entries ADD CONSTRAINT credit_entries_kind_check CHECK (kind IN ('topup', 'grant', 'debit', 'refund', 'call_refund'));
ALTER TABLE credit_entries ADD COLUMN call_id bigint REFERENCES call_ledger (id);
CREATE UNIQUE INDEX credit_entries_call_refund_reference ON credit_entries (reference) WHERE kind = 'call_refund';
CREATE UNIQUE INDEX credit_entries_call ON credit_entries (call_id) WHERE call_id IS NOT NULL;
`,
};
