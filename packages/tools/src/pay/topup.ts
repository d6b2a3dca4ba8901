import { creditToUsd, usdToCredit } from '@svc/payments';
import { recordSettledTopup } from '@svc/store';
import type { PaymentPayload, SettleResponse } from '@x402/core/types';
import { type ChargeTarget, isRefusal, type PaymentRefusal, verifyCharge, X402Charge } from './x402-charge.js';

/** The call ledger's tool name for top-ups (no catalog tool has it). */
const TOPUP_LEDGER_TOOL = 'credit_topup';

/** A top-up that was paid: what was credited, the balance after it, and the settlement that paid it. */
export interface TopupCredited {
  readonly status: 200;
  readonly accountId: string;
  readonly creditedUsd: string;
  readonly balanceUsd: string;
  readonly payer: string;
  readonly settlement: SettleResponse;
}

export type TopupOutcome = TopupCredited | PaymentRefusal;

/**
 * Buys `amountUsd` of account credit with an x402 payment, through the same charge step as a paid tool call:
 * the payment is claimed before it settles, its settlement records its intent (with the credit it buys, so
 * reconciliation credits an interrupted one), and the settled ledger row and the credit are written in one
 * transaction (`recordSettledTopup`). A refused payment or settlement leaves no effect but its ledger row.
 */
export async function topUpCredit(
  target: Omit<ChargeTarget, 'ledgerTool' | 'creditAmount' | 'usd' | 'accountId'>,
  topup: { accountId: string; amountUsd: string; payload: PaymentPayload },
): Promise<TopupOutcome> {
  const { accountId, amountUsd } = topup;
  const amount = usdToCredit(amountUsd);
  const charge = await verifyCharge(
    { ...target, usd: amountUsd, ledgerTool: TOPUP_LEDGER_TOOL, accountId, creditAmount: amount },
    topup.payload,
  );
  if (!(charge instanceof X402Charge)) return charge;
  const settled = await charge.settle();
  if (isRefusal(settled)) return settled;
  const balance = await recordSettledTopup(target.db, {
    paymentId: charge.payment.paymentId,
    call: { ...charge.ledgerRow('settled', 200, settled), txHash: settled.transaction },
    accountId,
    amount,
  });
  return {
    status: 200,
    accountId,
    creditedUsd: amountUsd,
    balanceUsd: creditToUsd(balance),
    payer: charge.payment.payer,
    settlement: settled,
  };
}
