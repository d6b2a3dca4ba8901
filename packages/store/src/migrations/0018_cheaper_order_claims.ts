import type { Migration } from './migration.js';

/**
 * A claim (PENDING -> EXECUTING) is the statement on the trigger engine's hot path: every crossed order pays it
 * between its price tick and its swap. Two costs on it bought nothing:
 * - Migration 17's UPDATE notice ran a PL/pgSQL function over a transition table after every update statement,
 *   claims included (about 0.5 ms a statement in PGlite). A claim changes nothing another worker indexes: the claimed
 *   order leaves every worker's index at its first cross, and a claim that lost its race returns nothing. The notice
 *   now comes from a row trigger whose WHEN clause, evaluated without calling the function, skips rows left
 *   EXECUTING (claims, and recording a claim's transaction); every other change still wakes the workers, and
 *   PostgreSQL folds a transaction's equal notices into one. Inserts keep their statement trigger (one call for a
 *   whole position, or a bulk load).
 * - The history's foreign key to conditional_positions ran one lookup, and a share lock on the position row, per
 *   event row (about a third of a 250-order claim statement in PostgreSQL). Every event is written from the order
 *   or position row it describes, in the same statement (conditional-orders.ts), and positions are never deleted, so
 *   the reference holds by construction; the index on (position_id, event_id) stays for the read tools.
 */
export const cheaperOrderClaims: Migration = {
  version: 18,
  name: 'cheaper_order_claims',
  sql: `
DROP TRIGGER conditional_orders_updated ON conditional_orders;
CREATE FUNCTION notify_conditional_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('conditional_orders_changed_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END
$$;
CREATE TRIGGER conditional_orders_updated AFTER UPDATE ON conditional_orders
  FOR EACH ROW WHEN (NEW.status <> 'EXECUTING') EXECUTE FUNCTION notify_conditional_order_changed();
ALTER TABLE conditional_order_events DROP CONSTRAINT conditional_order_events_position_id_fkey;
`,
};
