import type { Migration } from './migration.js';

/**
 * A claim records its settlement's intent before the payment is settled, so a gateway that stops between the
 * broadcast and the receipt leaves what reconciliation needs to find the authorization on chain and write the call's
 * ledger row: state 'settling', the authorization's own identity (`authorizer` and `auth_nonce`: EIP-3009 `from` and
 * `nonce`, a Stacks sender and nonce, a Solana payer and its signature), its expiry (`valid_before`, unix seconds,
 * or the Solana recent blockhash in `tx_lifetime`), and the call the ledger row is for (tool, account, token, amount,
 * and for a credit top-up the micro-USD `credit_amount` it adds to the account;
 * its Idempotency-Key, if any, is bound to the claim by `idempotency_keys.payment_id`). `reconcile_after` is a lease: an instance checking a claim moves it forward, so another instance
 * skips that claim meanwhile.
 */
export const settlementIntents: Migration = {
  version: 20,
  name: 'settlement_intents',
  sql: `
ALTER TABLE payment_claims DROP CONSTRAINT payment_claims_state_check;
ALTER TABLE payment_claims ADD CONSTRAINT payment_claims_state_check CHECK (state IN ('claimed', 'settling', 'settled'));
ALTER TABLE payment_claims
  ADD COLUMN scheme          text,
  ADD COLUMN asset           text,
  ADD COLUMN token           text,
  ADD COLUMN amount          numeric(78, 0),
  ADD COLUMN authorizer      text,
  ADD COLUMN auth_nonce      text,
  ADD COLUMN valid_before    bigint,
  ADD COLUMN tx_lifetime     text,
  ADD COLUMN account_id      text,
  ADD COLUMN credit_amount   numeric(78, 0),
  ADD COLUMN settling_at     timestamptz,
  ADD COLUMN reconcile_after timestamptz;
CREATE INDEX payment_claims_settling ON payment_claims (reconcile_after) WHERE state = 'settling';
CREATE INDEX payment_claims_authorization ON payment_claims (network, asset, authorizer, auth_nonce);
`,
};
