import { z } from 'zod';
import { chainBalances } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

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
