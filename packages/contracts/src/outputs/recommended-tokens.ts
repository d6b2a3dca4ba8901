import { z } from 'zod';
import { EVM_RECOMMENDED_TOKEN, HEDERA_RECOMMENDED_TOKEN, SOLANA_RECOMMENDED_TOKEN } from '../tools/core.js';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The display payload: the list as stored (the records the caller sent, answered open like every answer), its
 * count and when it was stored. An EVM list also names its chain id.
 */
const displayed = (chain: z.ZodType, token: z.ZodObject) =>
  z.object({
    display: z.literal('recommended_tokens'),
    chain,
    tokens: z.array(z.object(token.shape)),
    count: z.number().int(),
    storedAt: z.string().min(1),
  });

/** The display tools of recommended tokens (Solana, EVM, Hedera). */
export const RECOMMENDED_TOKENS_OUTPUTS: ToolOutputs = {
  displayRecommendedSolanaTokensToBuy: displayed(z.literal('solana'), SOLANA_RECOMMENDED_TOKEN),
  displayRecommendedEVMTokensToBuy: displayed(z.enum(['ethereum', 'bsc']), EVM_RECOMMENDED_TOKEN).extend({
    chainId: z.literal([1, 56]),
  }),
  displayRecommendedHederaTokensToBuy: displayed(z.literal('hedera'), HEDERA_RECOMMENDED_TOKEN),
};
