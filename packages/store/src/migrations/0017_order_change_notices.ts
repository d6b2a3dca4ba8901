import type { Migration } from './migration.js';

/**
 * Every statement that inserts or changes conditional orders notifies the channel `conditional_orders_changed_<schema>`
 * (the table's schema, so databases shared by several schemas, as the tests do, wake only their own workers; one
 * notice per statement that touched a row, empty payload: PostgreSQL folds equal notices of one transaction into
 * one; a claim that lost its race changes nothing and wakes nobody), so running
 * workers on PostgreSQL follow the book at once instead of at their next poll. The notice only wakes them: they read
 * what changed by `revision` as before, which PGlite (no cross-process NOTIFY) and a missed notice still rely on.
 */
export const orderChangeNotices: Migration = {
  version: 17,
  name: 'order_change_notices',
  sql: `
CREATE FUNCTION notify_conditional_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_orders) THEN
    PERFORM pg_notify('conditional_orders_changed_' || TG_TABLE_SCHEMA, '');
  END IF;
  RETURN NULL;
END
$$;
-- A trigger with a transition table serves one event: one for inserts, one for updates.
CREATE TRIGGER conditional_orders_inserted AFTER INSERT ON conditional_orders
  REFERENCING NEW TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION notify_conditional_orders_changed();
CREATE TRIGGER conditional_orders_updated AFTER UPDATE ON conditional_orders
  REFERENCING NEW TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION notify_conditional_orders_changed();
`,
};
