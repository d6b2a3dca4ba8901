/**
 * The one error model. Every failure a caller can see is a `ServiceError` with a stable `code`; the HTTP status
 * (and, for MCP/A2A, the JSON-RPC mapping) is decided here and nowhere else.
 */

export interface FieldIssue {
  /** Dotted path into the request body, e.g. `tokens.0.symbol`; '' for the body itself. */
  readonly field: string;
  /** Stable rule name: required, type, too_small, too_big, format, enum, unknown_key, custom. */
  readonly rule: string;
  readonly message: string;
  /** The bound that was crossed, the allowed values, or the expected format, when the rule has one. */
  readonly limit?: number | string | readonly unknown[];
}

/** code -> HTTP status and title (RFC 9457 problem details). */
export const ERROR_CODES = {
  invalid_body: { status: 400, title: 'Request body is not a JSON object' },
  invalid_input: { status: 400, title: 'Input failed validation' },
  nesting_too_deep: { status: 400, title: 'JSON nested too deeply' },
  invalid_payment_header: { status: 400, title: 'Malformed PAYMENT-SIGNATURE header' },
  credentials_conflict: { status: 400, title: 'Send exactly one credential' },
  identity_invalid: { status: 401, title: 'Identity proof rejected' },
  credentials_required: { status: 401, title: 'Credentials required' },
  credentials_invalid: { status: 401, title: 'Credentials rejected' },
  payment_required: { status: 402, title: 'Payment required' },
  sign_in_required: { status: 402, title: 'Sign-in required' },
  policy_refused: { status: 403, title: 'Refused by spending policy' },
  not_holder: { status: 403, title: 'Caller does not hold the asset' },
  unknown_tool: { status: 404, title: 'Unknown tool' },
  unknown_payment_token: { status: 404, title: 'Unknown payment token' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  idempotency_conflict: { status: 409, title: 'Idempotency key reused with another request' },
  limit_reached: { status: 409, title: 'Account limit reached' },
  state_conflict: { status: 409, title: 'Not allowed in the current state' },
  payload_too_large: { status: 413, title: 'Request body too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported content type' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal error' },
  not_implemented: { status: 501, title: 'Tool not implemented yet' },
  facilitator_unreachable: { status: 502, title: 'Payment facilitator unreachable' },
  upstream_error: { status: 502, title: 'Upstream provider failed' },
  not_configured: { status: 503, title: 'Required setting missing' },
  upstream_budget_exhausted: { status: 503, title: "Today's upstream budget is spent" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly issues: readonly FieldIssue[] | undefined;
  /** Extra machine-readable fields merged into the problem body (e.g. `tool`, `setting`). */
  readonly extra: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { issues?: readonly FieldIssue[]; extra?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.issues = options.issues;
    this.extra = options.extra;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

/** A 400 naming the field and the rule it broke (checked by a handler, before anything is signed or moves). */
export const invalidField = (field: string, rule: string, message: string, extra?: Record<string, unknown>) =>
  new ServiceError('invalid_input', `${field}: ${message}`, {
    issues: [{ field, rule, message: `${field}: ${message}` }],
    ...(extra ? { extra } : {}),
  });

export const unknownTool = (name: string) =>
  new ServiceError('unknown_tool', `No tool named "${name}". GET /api/tools/discover lists every tool.`, {
    extra: { tool: name },
  });

export const notImplemented = (name: string) =>
  new ServiceError(
    'not_implemented',
    `Tool "${name}" is in the catalog but has no handler in this release; nothing was charged.`,
    {
      extra: { tool: name },
    },
  );

export const notConfigured = (setting: string, what: string) =>
  new ServiceError('not_configured', `${what} is not configured: set ${setting}.`, { extra: { setting } });

export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ErrorCode;
  readonly issues?: readonly FieldIssue[];
  readonly [key: string]: unknown;
}

/**
 * The ServiceError an error is, or carries as a cause: SDKs (viem, @solana/kit) wrap what our fetch or transport
 * threw, such as the shared upstream client's 502, in errors of their own.
 */
export function serviceErrorIn(error: unknown): ServiceError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++)
    if (current instanceof ServiceError) return current;
  return undefined;
}

/** Render any thrown value as RFC 9457 problem details; unknown errors become a generic 500 without internals. */
export function toProblem(error: unknown): ProblemDetails {
  const known =
    error instanceof ServiceError ? error : new ServiceError('internal', 'The service failed to handle this request.');
  const { status, title } = ERROR_CODES[known.code];
  return {
    type: `urn:svc:error:${known.code}`,
    title,
    status,
    detail: known.message,
    code: known.code,
    ...(known.issues ? { issues: known.issues } : {}),
    ...known.extra,
  };
}

/** A request error of the web framework itself (body parsing, size, media type), before any service code ran. */
export interface FrameworkRequestError {
  readonly statusCode: number;
  readonly code: string;
  readonly message: string;
}

/**
 * Fastify's own 4xx request errors carry a `statusCode` and an `FST_` code; the JSON-RPC transports (MCP, A2A)
 * answer them in their envelope. Duck-typed, so this package stays free of the framework.
 */
export function frameworkRequestError(error: unknown): FrameworkRequestError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { statusCode, code } = error as Error & { statusCode?: unknown; code?: unknown };
  return typeof statusCode === 'number' && statusCode < 500 && typeof code === 'string' && code.startsWith('FST_')
    ? { statusCode, code, message: error.message }
    : undefined;
}

/** The framework's refusal of a body that is not JSON at all (JSON-RPC -32700 rather than a refused request). */
export const isUnparsableBody = (error: FrameworkRequestError) =>
  error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
