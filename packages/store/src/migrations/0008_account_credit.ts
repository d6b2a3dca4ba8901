import type { Migration } from './migration.js';

/**
 * Prepaid account credit: what MCP and A2A calls are paid from when they carry no x402 payment.
 *
 * Amounts are integer micro-USD (10^-6 USD, the precision of every catalog price and of USDC), so sums are exact.
 * `account_credit.balance` is the running balance, changed only together with a `credit_entries` row in the same
 * statement or transaction; the CHECK makes an overdraft impossible whatever the caller does. A top-up's
 * `reference` (the settled payment's id) is unique, so one payment never credits twice; a refund's `reference` is
 * the debit it reverses, unique too, so a debit is never refunded twice.
 */
export const accountCredit: Migration = {
  version: 8,
  name: 'account_credit',
  sql: `
CREATE TABLE account_credit (
  account_id  text           PRIMARY KEY REFERENCES accounts (id),
  balance     numeric(30, 0) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at  timestamptz    NOT NULL DEFAULT now()
);
CREATE TABLE credit_entries (
  id             bigserial      PRIMARY KEY,
  account_id     text           NOT NULL REFERENCES accounts (id),
  kind           text           NOT NULL CHECK (kind IN ('topup', 'grant', 'debit', 'refund')),
  amount         numeric(30, 0) NOT NULL CHECK (amount <> 0),
  balance_after  numeric(30, 0) NOT NULL CHECK (balance_after >= 0),
  tool           text,
  reference      text,
  note           text,
  created_at     timestamptz    NOT NULL DEFAULT now()
);
CREATE INDEX credit_entries_account ON credit_entries (account_id, id DESC);
CREATE UNIQUE INDEX credit_entries_topup_reference ON credit_entries (reference) WHERE kind = 'topup';
CREATE UNIQUE INDEX credit_entries_refund_reference ON credit_entries (reference) WHERE kind = 'refund';
`,
};
