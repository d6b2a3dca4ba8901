import { randomUUID } from 'node:crypto';
import { ServiceError } from '@svc/contracts';
import { creditToUsd, usdToCredit } from '@svc/payments';
import {
  claimIdempotencyKey,
  creditBalance,
  debitCredit,
  recordCall,
  refundDebit,
  releaseIdempotencyKey,
} from '@svc/store';
import { storedResponseFor } from '../idempotency.js';
import { type InvokeOutcome, rememberOutcome, replayOf } from './outcome.js';
import type { PaidCall } from './paid-call.js';

/** Ledger token of calls paid from account credit; their `amount` is micro-USD. */
export const CREDIT_TOKEN = 'CREDIT';

/**
 * Steps 5 to 9 for a call paid from the account's credit: debit the price atomically, execute, give the debit back
 * if the tool fails (a failed call costs nothing), record. Too little credit -> the usual 402, so the caller can pay
 * that call with x402 instead.
 */
export async function payFromCredit(paid: PaidCall, accountId: string): Promise<InvokeOutcome> {
  const { db, usd, call, execute } = paid;
  const { tool } = call;
  // Credit calls are keyed per account, as x402 calls are per payer.
  const scope = paid.idempotencyKey ? { key: paid.idempotencyKey, payer: `account:${accountId}` } : undefined;
  if (scope) {
    const held = await claimIdempotencyKey(db, { ...scope, ...call, paymentId: `credit:${randomUUID()}` });
    if (held) return replayOf(await storedResponseFor(db, scope, held, call));
  }
  const started = performance.now();
  const price = usdToCredit(usd);
  const debit =
    price > 0n
      ? await debitCredit(db, { accountId, amount: price, tool })
      : { debitId: undefined, balance: await creditBalance(db, accountId) };
  if (!debit) {
    if (scope) await releaseIdempotencyKey(db, scope);
    const balance = creditToUsd(await creditBalance(db, accountId));
    return {
      status: 402,
      paymentRequired: await paid.paymentRequired(
        `insufficient_credit: this call costs ${usd} USD and the account's credit is ${balance} USD. Top up the credit (POST /api/account/credit/topup) or pay this call with x402.`,
      ),
    };
  }
  const record = (outcome: string, httpStatus: number) =>
    recordCall(db, {
      tool,
      accountId,
      payer: `account:${accountId}`,
      token: CREDIT_TOKEN,
      amount: price.toString(),
      txHash: debit.debitId ? `credit:${debit.debitId}` : null,
      outcome,
      httpStatus,
      latencyMs: performance.now() - started,
    });
  let body: Record<string, unknown>;
  try {
    body = await execute();
  } catch (error) {
    if (debit.debitId) await refundDebit(db, debit.debitId);
    if (scope) await releaseIdempotencyKey(db, scope);
    await record('failed_not_charged', error instanceof ServiceError ? error.status : 500);
    throw error;
  }
  await record('settled', 200);
  return rememberOutcome(db, scope, {
    status: 200,
    body,
    credit: { chargedUsd: creditToUsd(price), balanceUsd: creditToUsd(debit.balance) },
  });
}
