/** The endpoint's path: every A2A JSON-RPC request, in both protocol versions. */
export const A2A_PATH = '/api/a2a';

/** The x402 A2A extension (google-agentic-commerce/a2a-x402 v0.2), declared so paying clients can activate it. */
export const X402_A2A_EXTENSION = 'https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2';

/** Request headers the endpoint reads. */
export const HEADERS = {
  version: 'a2a-version',
  /** A2A 1.0 name of the extension-activation header. */
  extensions: 'a2a-extensions',
  /** A2A 0.3 name, which the x402 extension spec uses; accepted with either protocol version. */
  legacyExtensions: 'x-a2a-extensions',
  apiKey: 'x-api-key',
  authorization: 'authorization',
} as const;

/** Message metadata keys of the x402 A2A extension. */
export const X402_METADATA = {
  status: 'x402.payment.status',
  required: 'x402.payment.required',
  payload: 'x402.payment.payload',
  receipts: 'x402.payment.receipts',
  error: 'x402.payment.error',
} as const;

export const PAYMENT_STATUS = {
  required: 'payment-required',
  submitted: 'payment-submitted',
  rejected: 'payment-rejected',
  completed: 'payment-completed',
  failed: 'payment-failed',
} as const;

/** Status-message metadata key of what a call paid from account credit cost and the credit left: {chargedUsd, balanceUsd}. */
export const CREDIT_METADATA = 'svc.credit';

/**
 * The resource an A2A tool call pays for: the x402 transports' `<transport>://tool/<name>` convention, narrowed to
 * its task, so a payment made out for one task's call pays for no other.
 */
export const resourceUrlOf = (tool: string, taskId: string) => `a2a://tool/${tool}?task=${encodeURIComponent(taskId)}`;
