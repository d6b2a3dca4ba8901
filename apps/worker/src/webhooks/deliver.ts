import { CustodyError, type MasterKeyProvider, openWebhookSecret } from '@svc/chains';
import { claimDueDeliveries, type ClaimedDelivery, markAttemptFailed, markDelivered, type Queryable } from '@svc/store';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy.js';
import { webhookHeaders } from './signature.js';

export interface WebhookDeliveryOptions {
  readonly db: Queryable;
  /** Opens the endpoints' sealed signing secrets. */
  readonly masterKey: MasterKeyProvider;
  /** How long one POST may take before it counts as failed. Default 10 s. */
  readonly timeoutMs?: number;
  /** Deliveries claimed (and sent in parallel) per pass. Default 20. */
  readonly batchSize?: number;
  readonly retry?: RetryPolicy;
  /** Injected in tests; default the global fetch. */
  readonly fetch?: typeof fetch;
}

/**
 * One pass of webhook delivery from the durable outbox: claim the due rows, POST each to its account's configured
 * URL with Standard Webhooks headers, and record the outcome (2xx delivered; anything else retried on the policy's
 * schedule, then dead). Redirects are not followed, so a delivery only ever reaches the configured URL. A worker
 * that is stopping lets the attempts in flight finish (each bounded by the timeout) rather than abort them: an
 * aborted attempt the receiver already got would be sent again.
 */
export async function deliverDueWebhooks(options: WebhookDeliveryOptions): Promise<number> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  // The claim's lease outlasts the attempt, so no other worker picks the row while this one is still sending it.
  const claimed = await claimDueDeliveries(options.db, options.batchSize ?? 20, timeoutMs * 2 + 5_000);
  await Promise.all(claimed.map((delivery) => deliverOne(options, delivery, timeoutMs, retry)));
  return claimed.length;
}

async function deliverOne(
  options: WebhookDeliveryOptions,
  delivery: ClaimedDelivery,
  timeoutMs: number,
  retry: RetryPolicy,
): Promise<void> {
  const failed = (error: string) =>
    markAttemptFailed(options.db, delivery.id, error, retryDelayMs(retry, delivery.attempts + 1));
  if (!delivery.endpoint)
    return markAttemptFailed(options.db, delivery.id, 'the account has no webhook endpoint', null);
  const { url } = delivery.endpoint;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    // Opened per attempt and dropped after it: the plaintext never outlives the POST that needs it.
    const secret = await openWebhookSecret(delivery.endpoint.secret, delivery.accountId, options.masterKey);
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: webhookHeaders(secret, delivery.id, delivery.body),
      body: delivery.body,
      redirect: 'manual',
      signal: timeout,
    });
    // The receiver's body is not needed; drain it so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return markDelivered(options.db, delivery.id);
    return failed(`HTTP ${response.status}`);
  } catch (error) {
    if (error instanceof CustodyError) return failed(`the signing secret cannot be opened: ${error.message}`);
    return failed(
      timeout.aborted
        ? `timed out after ${timeoutMs} ms`
        : `request failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
