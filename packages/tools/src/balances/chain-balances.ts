import { formatUnits } from '@svc/payments';
import type { HandlerContext } from '../handler.js';

/** One asset held on one chain. */
export interface AssetBalance {
  readonly symbol: string;
  /** Contract address, mint or token id; null for the chain's native coin. */
  readonly address: string | null;
  readonly decimals: number;
  /** Exact amount in whole-token units as a decimal string (no rounding): what trades use. */
  readonly balance: string;
  /** The same amount rounded for display (at most 6 significant fractional digits). */
  readonly humanReadableBalance: string;
  /** Discovered EVM tokens only (beyond the chain's known list): whether the USD price source quotes it. */
  readonly priced?: boolean;
  /** Discovered EVM tokens only: the price source has no liquidity for it (listed, not hidden). */
  readonly spam?: boolean;
  /** Discovered EVM tokens only, when priced: the balance's USD value (cents). */
  readonly valueUsd?: number;
  /** Solana tokens only: the program that owns the mint, 'spl-token' (classic) or 'spl-token-2022'. */
  readonly tokenProgram?: 'spl-token' | 'spl-token-2022';
  /**
   * Solana Token-2022 mints with the transfer-fee extension only: the fee withheld from every transfer this epoch,
   * in basis points (a transfer of this token arrives less this fee, capped by the mint's maximum fee).
   */
  readonly transferFeeBps?: number;
}

/** What one chain holds for one address: the native coin first, then every token with a non-zero balance. */
export interface ChainBalances {
  /** CAIP-2 id of the chain read. */
  readonly network: string;
  readonly address: string;
  readonly assets: readonly AssetBalance[];
  /** EVM only: why token discovery failed (the known tokens are still listed). */
  readonly discoveryError?: string;
}

/**
 * Reads every balance of `address` on one chain family's chain. Each chain family (EVM, Solana, Hedera, Bitcoin)
 * exports one; its balance tool and getAllBalances' fan-out both use it. A chain this deployment has not configured
 * throws the 503 naming its setting.
 */
export type BalanceReader = (context: HandlerContext, address: string) => Promise<ChainBalances>;

const DISPLAY_DECIMALS = 6;

/** An asset balance from atomic units: `balance` exact, `humanReadableBalance` rounded half-up to 6 decimals. */
export function assetBalance(symbol: string, address: string | null, atomic: bigint, decimals: number): AssetBalance {
  const shown = Math.min(decimals, DISPLAY_DECIMALS);
  const step = 10n ** BigInt(decimals - shown);
  const rounded = (atomic + step / 2n) / step;
  return {
    symbol,
    address,
    decimals,
    balance: formatUnits(atomic, decimals),
    humanReadableBalance: formatUnits(rounded, shown),
  };
}
