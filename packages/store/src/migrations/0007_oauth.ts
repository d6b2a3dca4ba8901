import type { Migration } from './migration.js';

/**
 * The OAuth 2.0 authorization server of the hosted MCP endpoint.
 *
 * - `oauth_clients`: dynamically registered public clients (RFC 7591); no secret, so nothing secret is stored.
 * - `oauth_grants`: one row per consent (a user approving a client). The authorization code, every refresh token
 *   rotated from it and every access token signed for it (JWT claim `grant_id`) belong to it; revoking the grant
 *   revokes them all. A code or refresh token presented twice revokes it (`revoked_reason` says why).
 * - `oauth_authorization_codes` and `oauth_refresh_tokens` hold only the SHA-256 of their 256-bit random values
 *   (a fast hash is enough for unguessable secrets, as for access keys). A used code (`redeemed_at`) and a rotated
 *   refresh token (`rotated_at`) keep their rows until they expire, so a second use is recognised as reuse rather
 *   than as an unknown value.
 */
export const oauth: Migration = {
  version: 7,
  name: 'oauth',
  sql: `
CREATE TABLE oauth_clients (
  id             text        PRIMARY KEY,
  name           text        CHECK (char_length(name) BETWEEN 1 AND 200),
  redirect_uris  text[]      NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oauth_grants (
  id              text        PRIMARY KEY,
  client_id       text        NOT NULL REFERENCES oauth_clients (id),
  account_id      text        NOT NULL REFERENCES accounts (id),
  scope           text        NOT NULL,
  resource        text        NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  revoked_at      timestamptz,
  revoked_reason  text        CHECK (revoked_reason IN ('client_request', 'code_reuse', 'refresh_token_reuse'))
);
CREATE INDEX oauth_grants_client ON oauth_grants (client_id);

CREATE TABLE oauth_authorization_codes (
  code_hash       text        PRIMARY KEY,
  grant_id        text        NOT NULL REFERENCES oauth_grants (id),
  redirect_uri    text        NOT NULL,
  code_challenge  text        NOT NULL,
  expires_at      timestamptz NOT NULL,
  redeemed_at     timestamptz
);
CREATE INDEX oauth_authorization_codes_grant ON oauth_authorization_codes (grant_id);
CREATE INDEX oauth_authorization_codes_expires ON oauth_authorization_codes (expires_at);

CREATE TABLE oauth_refresh_tokens (
  token_hash  text        PRIMARY KEY,
  grant_id    text        NOT NULL REFERENCES oauth_grants (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  rotated_at  timestamptz
);
CREATE INDEX oauth_refresh_tokens_grant ON oauth_refresh_tokens (grant_id);
CREATE INDEX oauth_refresh_tokens_expires ON oauth_refresh_tokens (expires_at);
`,
};
