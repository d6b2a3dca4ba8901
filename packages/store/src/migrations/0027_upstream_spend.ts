import type { Migration } from './migration.js';

/**
 * What the service paid upstream providers over x402 per UTC day (micro-USD), against the operator's daily upstream
 * budget. One row per day: a payment is reserved by a conditional update of that row before it is signed, so every
 * gateway instance counts against the same budget and none can overshoot it; a payment the provider refused is
 * released, a settled one stays counted.
 */
export const upstreamSpend: Migration = {
  version: 27,
  name: 'upstream_spend',
  sql: `
CREATE TABLE upstream_spend (
  day         date           PRIMARY KEY,
  micro_usd   numeric(30, 0) NOT NULL CHECK (micro_usd >= 0),
  payments    integer        NOT NULL DEFAULT 0 CHECK (payments >= 0),
  updated_at  timestamptz    NOT NULL DEFAULT now()
);
`,
};
