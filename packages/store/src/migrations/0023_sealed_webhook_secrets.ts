import type { Migration } from './migration.js';

/**
 * Webhook signing secrets sealed at rest, like vault seeds (envelope encryption under the master key named in
 * `master_key_id`), so a database dump alone cannot sign a delivery.
 * - The sealed columns are nullable only for the rows this migration finds: SQL cannot seal, so their clear `secret`
 *   stays until the gateway's start-up step (sealClearWebhookSecrets) seals it and sets `secret` to NULL; a
 *   `rotate-master-key run` seals them too. Deliveries meanwhile sign with the clear one.
 * - A row holds exactly one form: the CHECK refuses a clear secret beside a seal, or neither.
 */
export const sealedWebhookSecrets: Migration = {
  version: 23,
  name: 'sealed_webhook_secrets',
  sql: `
ALTER TABLE webhook_endpoints
  ALTER COLUMN secret DROP NOT NULL,
  ADD COLUMN envelope_version  smallint,
  ADD COLUMN master_key_id     text,
  ADD COLUMN wrapped_data_key  text,
  ADD COLUMN secret_ciphertext text,
  ADD CONSTRAINT webhook_endpoints_one_secret CHECK (
    num_nulls(envelope_version, master_key_id, wrapped_data_key, secret_ciphertext) = CASE WHEN secret IS NULL THEN 0 ELSE 4 END
  );
CREATE INDEX webhook_endpoints_clear_secret ON webhook_endpoints (account_id) WHERE secret IS NOT NULL;
`,
};
