import { invalidField } from '@svc/contracts';

/** The integer a chain holds a token amount in, as the 400 names it. */
export interface AtomicLimit {
  readonly type: string;
  readonly max: bigint;
}

export const UINT256: AtomicLimit = { type: 'uint256', max: 2n ** 256n - 1n };
export const U64: AtomicLimit = { type: 'u64', max: 2n ** 64n - 1n };

/** `atomic` unchanged, or a 400 naming `field` when the chain's amount integer cannot hold it (never a 500 later). */
export function withinAtomicLimit(atomic: bigint, limit: AtomicLimit, field: string): bigint {
  if (atomic > limit.max)
    throw invalidField(field, 'too_big', `is more than a ${limit.type} amount can hold (${limit.max} atomic units)`);
  return atomic;
}
