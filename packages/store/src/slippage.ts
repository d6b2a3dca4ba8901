import type { Queryable } from './db.js';

/** Slippage tolerances in percent (1 = 1 %), as setSlippageSettings takes them. */
export interface Slippage {
  readonly swapSlippage: number;
  readonly pumpSlippage: number;
}

/**
 * What an account that never called setSlippageSettings trades with: 1 % on swaps (routed DEX and aggregator
 * trades), 10 % on bonding-curve ("pump") launchpad trades, whose price moves much faster per trade.
 */
export const DEFAULT_SLIPPAGE: Slippage = { swapSlippage: 1, pumpSlippage: 10 };

/** The account's slippage settings, or DEFAULT_SLIPPAGE when it has none (what swap tools read). */
export async function slippageOf(
  db: Queryable,
  accountId: string,
): Promise<Slippage & { readonly isDefault: boolean }> {
  const { rows } = await db.query<{ swap_slippage: number; pump_slippage: number }>(
    'SELECT swap_slippage, pump_slippage FROM account_settings WHERE account_id = $1',
    [accountId],
  );
  const row = rows[0];
  return row
    ? { swapSlippage: Number(row.swap_slippage), pumpSlippage: Number(row.pump_slippage), isDefault: false }
    : { ...DEFAULT_SLIPPAGE, isDefault: true };
}

/** Replace the account's slippage settings (validated by the tool's schema before they get here). */
export async function setSlippage(db: Queryable, accountId: string, slippage: Slippage): Promise<Slippage> {
  await db.query(
    `INSERT INTO account_settings (account_id, swap_slippage, pump_slippage) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO UPDATE SET swap_slippage = EXCLUDED.swap_slippage, pump_slippage = EXCLUDED.pump_slippage, updated_at = now()`,
    [accountId, slippage.swapSlippage, slippage.pumpSlippage],
  );
  return { swapSlippage: slippage.swapSlippage, pumpSlippage: slippage.pumpSlippage };
}
