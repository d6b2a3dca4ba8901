import { createHash } from 'node:crypto';
import { ServiceError } from '@svc/contracts';
import { type Db, findIdempotencyRecord, type IdempotencyRecord, type IdempotencyScope } from '@svc/store';

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 30_000;

/** Tools whose response holds secrets handed out once: a stored response for a retry would keep a copy of them. */
const SECRET_RESPONSE_TOOLS: ReadonlySet<string> = new Set(['svcRevealKeys']);

/** The Idempotency-Key header, checked: 1 to 255 visible ASCII characters, and refused for tools returning secrets. */
export function idempotencyKeyOf(raw: string | undefined, tool: string): string | undefined {
  if (raw === undefined) return undefined;
  if (SECRET_RESPONSE_TOOLS.has(tool)) {
    throw new ServiceError(
      'invalid_input',
      `${tool} returns secrets exactly once, so it does not take an Idempotency-Key (its stored response would keep a copy). Nothing was charged.`,
      {
        issues: [{ field: 'Idempotency-Key', rule: 'custom', message: `not accepted by ${tool}` }],
      },
    );
  }
  if (!KEY_FORMAT.test(raw)) {
    throw new ServiceError('invalid_input', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
      issues: [
        {
          field: 'Idempotency-Key',
          rule: 'format',
          message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
          limit: KEY_FORMAT.source,
        },
      ],
    });
  }
  return raw;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** Hash of a validated input (defaults applied, keys sorted): equivalent bodies hash alike. */
export function inputHashOf(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
}

export type Stored = Extract<IdempotencyRecord, { state: 'done' }>;

/**
 * What a request holding an already-used key gets: the stored response when it is the same call (waiting for
 * a concurrent first request to finish), or 409 when the key was used for another tool or input.
 */
export async function storedResponseFor(
  db: Db,
  scope: IdempotencyScope,
  record: IdempotencyRecord,
  call: { tool: string; inputHash: string },
): Promise<Stored> {
  let current: IdempotencyRecord | undefined = record;
  for (let waited = 0; current; waited += WAIT_STEP_MS) {
    if (current.tool !== call.tool || current.inputHash !== call.inputHash) {
      throw new ServiceError(
        'idempotency_conflict',
        `Idempotency-Key "${scope.key}" was already used for a different request (${current.tool} with other input). Use a new key for a new request.`,
      );
    }
    if (current.state === 'done') return current;
    if (waited >= WAIT_LIMIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    current = await findIdempotencyRecord(db, scope);
  }
  throw new ServiceError(
    'idempotency_conflict',
    `The first request with Idempotency-Key "${scope.key}" has not finished (or ended uncharged); retry in a moment.`,
  );
}
