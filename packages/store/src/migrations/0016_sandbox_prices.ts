import type { Migration } from './migration.js';

/**
 * The sandbox market's USD spot prices, per (network, token): set with `POST /api/sandbox/prices`, read by the
 * conditional-order workers' sandbox price feed. In the database so that every gateway and worker process sees the
 * same market. Live mode never reads it.
 */
export const sandboxPrices: Migration = {
  version: 16,
  name: 'sandbox_prices',
  sql: `
CREATE TABLE sandbox_prices (
  network     text        NOT NULL,
  token       text        NOT NULL,
  price_usd   numeric     NOT NULL CHECK (price_usd > 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (network, token)
);
`,
};
