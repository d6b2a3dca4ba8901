// Solana gems (Jupiter Tokens API v2): a free upstream (the Jupiter key's plan), so the call settles after success.
// In sandbox mode, the seeded mints as the sandbox Solana ledger and its swap venue give them (sandbox-gems.ts).
import { passesGemFilters } from '@svc/providers';
import { defineFamily } from '../family.js';
import type { Handler } from '../handler.js';
import { liveClient } from '../live-only.js';
import { SANDBOX_GEMS_NOTE, SANDBOX_NO_STOCKS_NOTE, sandboxGems } from './sandbox-gems.js';

/** Output: `{ category, sortBy (tokens only), timeframe, tokens: [{ mint, symbol, liquidityUsd, mcapUsd, volumeUsd, … }] }`. */
const findSolanaGems: Handler<'findSolanaGems'> = async (input, context) => {
  const page = {
    category: input.category,
    ...(input.category === 'tokens' ? { sortBy: input.sortBy } : {}),
    timeframe: input.timeframe,
  };
  if (!context.providers.jupiterTokens && context.solanaMints) {
    if (input.category === 'stocks') return { ...page, tokens: [], note: SANDBOX_NO_STOCKS_NOTE };
    const markets = await context.solanaMints.seededMarkets();
    return { ...page, tokens: sandboxGems(markets, input.sortBy, input, input.limit), note: SANDBOX_GEMS_NOTE };
  }
  const jupiter = liveClient(context.providers.jupiterTokens, 'findSolanaGems', 'sandbox token lists from chain state');
  const listed =
    input.category === 'stocks'
      ? await jupiter.stocks(input.timeframe)
      : await jupiter.tokens(input.sortBy, input.timeframe);
  const tokens = listed.filter((token) => passesGemFilters(token, input)).slice(0, Math.floor(input.limit));
  return { ...page, tokens };
};

export const gemsFamily = defineFamily({ handlers: { findSolanaGems } });
