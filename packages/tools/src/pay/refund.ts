import { ACCOUNT_CREDIT_PATH, ServiceError } from '@svc/contracts';
import { creditToUsd, usdToCredit, type VerifiedPayment } from '@svc/payments';
import { type CallRecord, type Db, recordRefundedCall } from '@svc/store';
import type { CallerAccount } from '../handler.js';

/** What the answer of a refunded call says about its refund (USD decimal strings). */
export interface RefundView {
  readonly creditedUsd: string;
  readonly accountId: string;
  readonly balanceUsd: string;
  readonly where: string;
}

/**
 * Makes good a call that failed after its x402 payment settled: records it and credits its price to account credit,
 * once per payment (see `recordRefundedCall`), and returns the failure to answer, saying what was credited where.
 *
 * Every failure after settlement counts as ours, the caller's 4xx included: the pipeline chose when to settle, and
 * a check it runs after settling (a settle-first tool refusing the caller's input or state) is one it could have
 * run for free before, as commit-point tools do and as calls paid from credit get back any failed debit. Crediting
 * (not paying back on chain) bounds what a deliberately failing caller can gain to a top-up at face value.
 * Credited to the caller's account, or else the paying wallet's (claimed by signing in with that wallet).
 */
export async function refundFailedCall(
  db: Db,
  failed: {
    error: unknown;
    usd: string;
    caller: CallerAccount | undefined;
    payment: VerifiedPayment;
    call: CallRecord & { readonly txHash: string };
  },
): Promise<ServiceError> {
  const { error, usd, caller, payment } = failed;
  const recipient = caller
    ? { accountId: caller.accountId }
    : { wallet: { chainId: payment.requirements.network, address: payment.payer } };
  const refund = await recordRefundedCall(db, {
    paymentId: payment.paymentId,
    call: failed.call,
    recipient,
    amount: usdToCredit(usd),
    note: `${failed.call.tool} failed after its payment ${failed.call.txHash} settled`,
  });
  const account = caller
    ? `account ${refund.accountId}`
    : `account ${refund.accountId} of the paying wallet ${payment.payer} (sign in with it to use it)`;
  return refunded(error, account, {
    creditedUsd: usd,
    accountId: refund.accountId,
    balanceUsd: creditToUsd(refund.balance),
    where: ACCOUNT_CREDIT_PATH,
  });
}

/** The failure as answered: its own code and fields (an unknown error stays an opaque 500), plus the refund. */
function refunded(error: unknown, account: string, refund: RefundView): ServiceError {
  const failure =
    error instanceof ServiceError ? error : new ServiceError('internal', 'The service failed while running this call.');
  return new ServiceError(
    failure.code,
    `${failure.message} Its price, ${refund.creditedUsd} USD, was credited to the credit of ${account}: GET ${refund.where} shows it; it pays later calls over MCP and A2A.`,
    { ...(failure.issues ? { issues: failure.issues } : {}), extra: { ...failure.extra, refund }, cause: error },
  );
}
