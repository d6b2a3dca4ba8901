import { usdToCredit } from '@svc/payments';
import type { MovedValue } from '../valuation.js';

/** What one call spends, as its account's spending policy sees it. */
export interface CallSpend {
  /** micro-USD: the call's price plus the USD value of what it moves. */
  readonly usd: bigint;
  /** micro-USD: the USD value of what the call moves out of the caller's wallets (0 when unpriced). */
  readonly movedUsd: bigint;
  /** Why what the call moves has no USD value; the policy refuses it unless it allows unpriced moves. */
  readonly unpriced?: string;
  /** Every address the call sends to. */
  readonly recipients: readonly string[];
}

/** Input fields that name where a wallet-modifying call sends value (across the catalog's tool families). */
const RECIPIENT_FIELDS = [
  'to',
  'recipient',
  'toWalletAddress',
  'toAddress',
  'destinationAddress',
  'receiver',
  'destination',
] as const;

/** The spend of one call: its price plus what it moves, valued by the tool's own valuation (its family's, see families.ts). */
export function spendOf(input: unknown, priceUsd: string, moved: MovedValue): CallSpend {
  const fields = (input ?? {}) as Record<string, unknown>;
  const recipients = RECIPIENT_FIELDS.map((field) => fields[field]).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const price = usdToCredit(priceUsd);
  if ('unpriced' in moved) return { usd: price, movedUsd: 0n, unpriced: moved.unpriced, recipients };
  const movedUsd = usdToCredit(moved.usd);
  return { usd: price + movedUsd, movedUsd, recipients };
}
