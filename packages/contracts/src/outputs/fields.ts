import { z } from 'zod';

/** The field types tool answers share. */

/** An amount in whole-token units as a decimal string (no exponent, no sign). */
export const DECIMAL = z.string().regex(/^\d+(\.\d+)?$/);
/** An amount in atomic units (wei, lamports, sats, tinybars) as a whole-number string: no precision lost. */
export const ATOMIC = z.string().regex(/^\d+$/);
/** A time the service recorded (ISO 8601). */
export const TIMESTAMP = z.string().min(1);

/** One asset held on one chain: native coin (address null) first, then tokens; `balance` exact, the other rounded. */
const assetBalance = z.object({
  symbol: z.string(),
  address: z.string().nullable(),
  decimals: z.number().int(),
  balance: DECIMAL,
  humanReadableBalance: DECIMAL,
});

/** What one chain holds for one address (every chain family's balance reader answers this). */
export const chainBalances = z.object({
  network: z.string(),
  address: z.string(),
  assets: z.array(assetBalance),
});

/**
 * An EVM chain's balances: tokens found by discovery (beyond the chain's known list) say whether they are priced,
 * their USD value when they are, and spam when nothing trades them; `discoveryError` says why discovery failed.
 * Declared on the EVM balance tools only: getAllBalances' schema (open objects, which carry these fields too) rides
 * in its 402 header, whose size clients cap.
 */
export const evmChainBalances = chainBalances.extend({
  assets: z.array(
    assetBalance.extend({
      priced: z.boolean().optional(),
      spam: z.boolean().optional(),
      valueUsd: z.number().optional(),
    }),
  ),
  discoveryError: z.string().optional(),
});

/**
 * A Solana chain's balances: each token names the program that owns its mint (classic SPL Token or Token-2022), and
 * a Token-2022 mint with the transfer-fee extension its fee this epoch in basis points.
 */
export const solanaChainBalances = chainBalances.extend({
  assets: z.array(
    assetBalance.extend({
      tokenProgram: z.enum(['spl-token', 'spl-token-2022']).optional(),
      transferFeeBps: z.number().int().min(0).max(10_000).optional(),
    }),
  ),
});
