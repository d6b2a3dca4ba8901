import type { CatalogTool, ToolSettlement } from '@svc/contracts';
import type { PaymentRequiredResponse } from '@svc/payments';
import type { Db } from '@svc/store';
import type { CallerAccount } from '../handler.js';

/** One validated, identified, priced call on its way to payment (steps 5 to 9 of invoke). */
export interface PaidCall {
  readonly db: Db;
  readonly tool: CatalogTool;
  /** The call's price in USD (decimal string). */
  readonly usd: string;
  readonly caller: CallerAccount | undefined;
  /** What an Idempotency-Key is bound to: the tool and the hash of its validated input. */
  readonly call: { readonly tool: string; readonly inputHash: string };
  readonly idempotencyKey: string | undefined;
  /**
   * Runs the handler (step 7). `commit`, when given, settles the payment; a handler with a commit point calls it
   * just before its first effect (a database write, a broadcast, a paid upstream call).
   */
  execute(commit?: () => Promise<void>): Promise<Record<string, unknown>>;
  /** When the payment settles: the catalog's settlement point, as the handler can keep it (see `settlementOf`). */
  readonly settlement: ToolSettlement;
  /** The 402 for this call, with `error` saying why a payment was refused. */
  paymentRequired(error?: string): Promise<PaymentRequiredResponse>;
}
