import { usdToCredit } from '@svc/payments';

/** What one call spends, as its account's spending policy sees it. */
export interface CallSpend {
  /** micro-USD: the call's price plus any value it moves that is stated in USD. */
  readonly usd: bigint;
  /** Every address the call sends to. */
  readonly recipients: readonly string[];
}

/** Input fields that name where a wallet-modifying call sends value (across the catalog's tool families). */
const RECIPIENT_FIELDS = ['to', 'recipient', 'toWalletAddress', 'toAddress', 'destinationAddress', 'receiver'] as const;

/** Amount fields that may carry a USD budget ('$5', '5 usd'), which the service converts itself. */
const BUDGET_FIELDS = ['sellAmount', 'amount_text', 'amount'] as const;
const USD_BUDGET = /^\s*(?:\$\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*usd)\s*$/i;

/** Values in USD by a tool's own definition, not by a budget string. */
const USD_VALUED: Readonly<Record<string, (input: Record<string, unknown>) => number | undefined>> = {
  // BUY amounts are USD; SELL amounts are shares, valued by the market.
  placePredictOrder: (input) => (input.side === 'BUY' && typeof input.amount === 'number' ? input.amount : undefined),
};

function movedUsd(tool: string, input: Record<string, unknown>): bigint {
  const stated = USD_VALUED[tool]?.(input);
  if (stated !== undefined) return usdToCredit(stated.toFixed(6));
  for (const field of BUDGET_FIELDS) {
    const value = input[field];
    const budget = typeof value === 'string' ? USD_BUDGET.exec(value) : null;
    if (budget) return usdToCredit(budget[1] ?? budget[2]!);
  }
  return 0n;
}

/**
 * The spend of one call: its price, plus the value it moves where that value is stated in USD (USD budgets such as
 * sellAmount '$5', prediction-market BUY amounts). Token-denominated amounts are valued by the wallet tools once they
 * price them; until then a token transfer counts at its call price, and the recipient list still applies to it.
 */
export function spendOf(tool: string, input: unknown, priceUsd: string): CallSpend {
  const fields = (input ?? {}) as Record<string, unknown>;
  const recipients = RECIPIENT_FIELDS.map((field) => fields[field]).filter((value): value is string => typeof value === 'string' && value !== '');
  return { usd: usdToCredit(priceUsd) + movedUsd(tool, fields), recipients };
}
