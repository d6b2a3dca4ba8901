import type { Hash, TransactionReceipt } from 'viem';

export interface SettlementGas {
  /** Settled payments counted. */
  readonly payments: number;
  /** Distinct settlement transactions they were settled in. */
  readonly transactions: number;
  /** Gas those transactions used, in all. */
  readonly gasUsed: bigint;
  /** `gasUsed / payments`, rounded to the nearest unit of gas. */
  readonly gasPerPayment: number;
}

/**
 * Gas paid per settled payment, from the settlement transaction each payment names (its PAYMENT-RESPONSE
 * `transaction`; the payments of one batch name the same one). For comparing payments settled one by one with payments
 * settled in batches: each transaction's gas is counted once, however many payments it carries.
 */
export async function settlementGasPerPayment(
  chain: { getTransactionReceipt(args: { hash: Hash }): Promise<TransactionReceipt> },
  paymentTransactions: readonly Hash[],
): Promise<SettlementGas> {
  const distinct = [...new Set(paymentTransactions.map((hash) => hash.toLowerCase() as Hash))];
  const receipts = await Promise.all(distinct.map((hash) => chain.getTransactionReceipt({ hash })));
  const gasUsed = receipts.reduce((sum, receipt) => sum + receipt.gasUsed, 0n);
  const payments = paymentTransactions.length;
  return {
    payments,
    transactions: distinct.length,
    gasUsed,
    gasPerPayment: payments === 0 ? 0 : Math.round(Number(gasUsed) / payments),
  };
}
