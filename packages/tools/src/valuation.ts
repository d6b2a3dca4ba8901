import type { ToolByName, ToolInput, ToolName } from '@svc/contracts';
import { creditToUsd } from '@svc/payments';
import { parseUnits } from 'viem';
import type { HandlerContext } from './handler.js';

/**
 * What one wallet-modifying call moves out of the caller's wallets, valued in USD before anything is signed: a USD
 * decimal string (micro-USD, rounded up), or why no price source could value it (naming the token).
 */
export type MovedValue = { readonly usd: string } | { readonly unpriced: string };

/** The declaration of a tool that changes a wallet-owning account but moves no value out of its wallets. */
export const movesNothing = { movesNothing: true } as const;
export type MovesNothing = typeof movesNothing;

/**
 * How the spending policy values a call of tool N: read from the same price sources the tool quotes with. It runs
 * before the payment is asked for and before anything is signed, so it reads and quotes, never sends.
 */
export type Valuation<N extends ToolName> =
  ((input: ToolInput<ToolByName<N>>, context: HandlerContext) => Promise<MovedValue>) | MovesNothing;

/** Every wallet-modifying tool declares one (valuations.test.ts holds the catalog to it). */
export type ValuationTable = { readonly [N in ToolName]?: Valuation<N> };

export const NOTHING_MOVED: MovedValue = { usd: '0' };

export const unpriced = (reason: string): MovedValue => ({ unpriced: reason });

/**
 * The USD value of `atomic` units of a token with `decimals` at `priceUsd` per whole token, rounded up to the
 * micro-USD; `what` names the token when the price is missing or not a positive number.
 */
export function valueOf(atomic: bigint, decimals: number, priceUsd: number | undefined, what: string): MovedValue {
  if (priceUsd === undefined || !Number.isFinite(priceUsd) || priceUsd <= 0)
    return unpriced(`no USD price for ${what}`);
  const picoUsdPerToken = parseUnits(priceUsd.toFixed(12), 12);
  const scale = 10n ** BigInt(decimals + 6);
  const microUsd = (atomic * picoUsdPerToken + scale - 1n) / scale;
  return { usd: creditToUsd(microUsd) };
}

/** valueOf for a whole-token decimal quantity (as the catalog's amount fields state it). */
export function valueOfQuantity(quantity: string | number, priceUsd: number | undefined, what: string): MovedValue {
  const text = typeof quantity === 'number' ? quantity.toFixed(18) : quantity;
  return valueOf(parseUnits(text, 18), 18, priceUsd, what);
}
