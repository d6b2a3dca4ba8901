// Solana gems (Jupiter Tokens API v2): a free upstream (the Jupiter key's plan), so the call settles after success.
import { passesGemFilters } from '@svc/providers';
import { defineFamily } from '../family.js';
import type { Handler } from '../handler.js';
import { liveClient } from '../live-only.js';

/** Output: `{ category, sortBy (tokens only), timeframe, tokens: [{ mint, symbol, liquidityUsd, mcapUsd, volumeUsd, … }] }`. */
const findSolanaGems: Handler<'findSolanaGems'> = async (input, context) => {
  const jupiter = liveClient(context.providers.jupiterTokens, 'findSolanaGems', 'sandbox token lists from chain state');
  const listed =
    input.category === 'stocks'
      ? await jupiter.stocks(input.timeframe)
      : await jupiter.tokens(input.sortBy, input.timeframe);
  const tokens = listed.filter((token) => passesGemFilters(token, input)).slice(0, Math.floor(input.limit));
  return {
    category: input.category,
    ...(input.category === 'tokens' ? { sortBy: input.sortBy } : {}),
    timeframe: input.timeframe,
    tokens,
  };
};

export const gemsFamily = defineFamily({ handlers: { findSolanaGems } });
