import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/** An amount in whole-token units as a decimal string (no exponent, no sign). */
export const DECIMAL = z.string().regex(/^\d+(\.\d+)?$/);

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

/** A network getAllBalances could not read: a mismatch of address format, an unconfigured or failing chain. */
const networkError = z.object({ error: z.string(), code: z.string().optional(), setting: z.unknown().optional() });

/** A network's entry: its balances (a Bitcoin vault adds both of its addresses, summed), or why there are none. */
const networkResult = z.union([chainBalances.extend({ addresses: z.array(z.string()).optional() }), networkError]);

const NETWORKS = ['ethereum', 'bsc', 'polygon', 'base', 'altchain', 'hedera', 'solana', 'bitcoin'] as const;
const everyNetwork = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(NETWORKS.map((network) => [network, value])) as Record<(typeof NETWORKS)[number], T>);

/** getAllBalances: the eight networks' balances, each answered (balances or an error) with where its address came from. */
export const BALANCES_OUTPUTS: ToolOutputs = {
  getAllBalances: z.object({
    requestedAt: z.string().min(1),
    address: z.string().nullable(),
    networks: everyNetwork(networkResult),
    resolvedFrom: everyNetwork(z.enum(['address', 'vault']).nullable()),
  }),
};
