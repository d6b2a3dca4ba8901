import type { Migration } from './migration.js';

/**
 * Sign-In-With-X identity. `siwx_nonces` holds every nonce the service put into a 402 challenge: a proof is only
 * accepted for a nonce issued here, unexpired and not used before (the conditional UPDATE that marks it used is
 * what makes a replayed or concurrently double-submitted proof lose). `accounts` are created by a wallet's first
 * valid sign-in; `account_wallets` maps (CAIP-2 chain, address) to its account — EVM addresses lower-cased.
 * The wallet's FK is deferred so the wallet row (the uniqueness gate) and its account can be inserted by one
 * statement in either order.
 */
export const identity: Migration = {
  version: 3,
  name: 'identity',
  sql: `
CREATE TABLE siwx_nonces (
  nonce       text        PRIMARY KEY,
  issued_at   timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX siwx_nonces_expires ON siwx_nonces (expires_at);

CREATE TABLE accounts (
  id          text        PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_wallets (
  chain_id    text        NOT NULL,
  address     text        NOT NULL,
  account_id  text        NOT NULL REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);
CREATE INDEX account_wallets_account ON account_wallets (account_id);
`,
};
