export { type PeriodicJob, type RunningWorker, startWorker, type WorkerLog } from './worker.js';
export { deliverDueWebhooks, type WebhookDeliveryOptions } from './webhooks/deliver.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from './webhooks/retry-policy.js';
export { isInternalHost } from './webhooks/receiver-address.js';
export { webhookHeaders, webhookSignature } from './webhooks/signature.js';
export * from './tracked-wallets/index.js';
export * from './conditional-orders/index.js';
