import type { Migration } from './migration.js';

/**
 * Conditional-order notifications through the webhook outbox (docs/families/conditional-orders.md, "Webhooks").
 * - An outbox row now comes from a tracked-wallet event (`event_id`) or from an order history event
 *   (`order_event_id`), exactly one of them; one delivery per account and order event.
 * - The trigger on `conditional_order_events` enqueues `order.filled` (event `executed`), `order.failed` (`failed`)
 *   and `position.closed` (`position_closed`) for the position's account when it has a webhook endpoint. Every order
 *   and position transition writes its history event in the statement that makes it (conditional-orders.ts), and the
 *   trigger runs in that statement's transaction: a transition that commits has its delivery, one that loses its race
 *   or rolls back has none, so a crash can neither lose nor double a notification.
 * - The body is built here (AFTER trigger: it sees the order or position as the statement left it), its fields named
 *   as the tools show orders and positions; `payload` keeps its exact bytes, so every retry sends the same body.
 */
export const orderNotifications: Migration = {
  version: 24,
  name: 'order_notifications',
  sql: `
ALTER TABLE webhook_outbox
  ALTER COLUMN event_id DROP NOT NULL,
  ADD COLUMN order_event_id bigint REFERENCES conditional_order_events (event_id),
  ADD CONSTRAINT webhook_outbox_one_source CHECK (num_nonnulls(event_id, order_event_id) = 1);
CREATE UNIQUE INDEX webhook_outbox_order_event ON webhook_outbox (account_id, order_event_id) WHERE order_event_id IS NOT NULL;

CREATE FUNCTION enqueue_order_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at_text text := to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  owner text;
  body json;
BEGIN
  IF NEW.event = 'position_closed' THEN
    SELECT p.account_id, json_build_object(
             'type', 'position.closed', 'timestamp', at_text,
             'data', json_build_object(
               'eventId', 'oev_' || NEW.event_id, 'positionId', p.position_id, 'network', p.network, 'kind', p.kind,
               'asset', p.asset, 'quoteToken', p.quote_token, 'status', p.status, 'at', at_text))
      INTO owner, body FROM conditional_positions p WHERE p.position_id = NEW.position_id;
  ELSE
    SELECT o.account_id, json_build_object(
             'type', CASE NEW.event WHEN 'executed' THEN 'order.filled' ELSE 'order.failed' END, 'timestamp', at_text,
             'data', json_build_object(
               'eventId', 'oev_' || NEW.event_id, 'orderId', o.order_id, 'positionId', o.position_id,
               'network', o.network, 'role', o.role, 'type', o.order_type, 'status', o.status,
               'watchToken', o.watch_token, 'triggerPriceUsd', o.trigger_price::text, 'direction', o.direction,
               'sellToken', o.sell_token, 'buyToken', o.buy_token, 'priceSeenUsd', NEW.price_seen::text,
               'soldQuantity', o.sold_quantity::text, 'boughtQuantity', o.bought_quantity::text,
               'txHash', coalesce(NEW.tx_hash, o.tx_hash), 'failureReason', o.failure_reason, 'at', at_text))
      INTO owner, body FROM conditional_orders o WHERE o.order_id = NEW.order_id;
  END IF;
  INSERT INTO webhook_outbox (id, account_id, order_event_id, payload)
    SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), owner, NEW.event_id, body::text
     WHERE EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.account_id = owner)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER conditional_order_events_webhook AFTER INSERT ON conditional_order_events
  FOR EACH ROW WHEN (NEW.event IN ('executed', 'failed', 'position_closed')) EXECUTE FUNCTION enqueue_order_webhook();
`,
};
