// mktdataTrendingTokens in sandbox: a chain's tokens ranked by their 24-hour swap volume on the sandbox market.
import type { TrendingPage, TrendingRequest } from '@svc/providers';
import type { MarketActivity, MarketToken } from '../ports/market-activity.js';
import { notSimulatedNote, simulatedChain } from './sandbox-chain.js';
import { dayChangePercent, dayVolumesUsd, marketCapUsd, tokenKey } from './sandbox-market-day.js';

const SANDBOX_TRENDING_NOTE =
  'Sandbox: every token of the sandbox chain, ranked by the USD volume of its swaps over the last 24 hours (ties: ' +
  'liquidity); price and liquidity from its pools, priceChange24hPercent against its price 24 hours ago, ' +
  'marketCapUsd = supply x price (null for the native coin).';

/** The page `request` asks for of the chain's tokens ranked by 24-hour volume; empty on a chain the sandbox does not run. */
export async function sandboxTrendingTokens(
  market: MarketActivity,
  chain: string,
  request: TrendingRequest,
): Promise<TrendingPage & { note: string }> {
  const now = new Date();
  const simulated = simulatedChain(market, chain);
  if (!simulated) return { tokens: [], total: 0, updatedAt: now.toISOString(), note: notSimulatedNote(market, chain) };
  const [tokens, volumes] = await Promise.all([market.tokens(simulated), dayVolumesUsd(market, simulated, now)]);
  const volumeOf = (token: MarketToken) => volumes.get(tokenKey(token.address)) ?? 0;
  const ranked = [...tokens]
    .sort((a, b) => volumeOf(b) - volumeOf(a) || b.liquidityUsd - a.liquidityUsd)
    .map((token, index) => ({ token, rank: index + 1 }));
  // sortType orders by rank, as Birdeye's sort_by=rank does: asc puts rank 1 first.
  const ordered = request.sortType === 'desc' ? ranked.reverse() : ranked;
  const page = ordered.slice(request.offset, request.offset + request.limit);
  return {
    tokens: await Promise.all(
      page.map(async ({ token, rank }) => ({
        rank,
        address: token.address,
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        priceUsd: token.priceUsd,
        priceChange24hPercent: await dayChangePercent(market, simulated, token, now),
        liquidityUsd: token.liquidityUsd,
        volume24hUsd: volumeOf(token),
        marketCapUsd: marketCapUsd(token),
      })),
    ),
    total: ranked.length,
    updatedAt: now.toISOString(),
    note: SANDBOX_TRENDING_NOTE,
  };
}
