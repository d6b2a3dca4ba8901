// Solana gems (Jupiter Tokens API v2): a free upstream (the Jupiter key's plan), so the call settles after success.
// In sandbox mode, the seeded mints as the sandbox Solana ledger, its swap venue and the market index give them.
import { passesGemFilters } from '@svc/providers';
import { defineFamily } from '../family.js';
import type { Handler } from '../handler.js';
import { liveClient } from '../live-only.js';
import { type GemStats, sandboxGemStats } from './sandbox-gem-stats.js';
import { SANDBOX_GEMS_NOTE, sandboxGems } from './sandbox-gems.js';

/** Output: `{ category, sortBy (tokens only), timeframe, tokens: [{ mint, symbol, liquidityUsd, mcapUsd, volumeUsd, … }] }`. */
const findSolanaGems: Handler<'findSolanaGems'> = async (input, context) => {
  const page = {
    category: input.category,
    ...(input.category === 'tokens' ? { sortBy: input.sortBy } : {}),
    timeframe: input.timeframe,
  };
  if (!context.providers.jupiterTokens && context.solanaMints) {
    const category = input.category === 'stocks' ? 'stock' : 'crypto';
    const markets = (await context.solanaMints.seededMarkets()).filter((market) => market.category === category);
    // Stocks are listed by market cap, as Jupiter's stocks tag is not sorted by the caller either.
    const sortBy = input.category === 'stocks' ? 'marketCap' : input.sortBy;
    const mints = markets.map((market) => market.mint);
    const stats = context.marketActivity
      ? await sandboxGemStats(context.marketActivity, mints, input.timeframe)
      : new Map<string, GemStats>();
    return { ...page, tokens: sandboxGems(markets, stats, sortBy, input, input.limit), note: SANDBOX_GEMS_NOTE };
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
