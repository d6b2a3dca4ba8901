// searchEvmTokensMktdata in sandbox: a chain's tokens whose symbol, name or address matches the query.
import type { SearchedToken } from '@svc/providers';
import type { MarketActivity, MarketToken } from '../ports/market-activity.js';
import { notSimulatedNote, simulatedChain } from './sandbox-chain.js';
import { dayVolumesUsd, marketCapUsd, tokenKey } from './sandbox-market-day.js';

const SANDBOX_SEARCH_NOTE =
  'Sandbox: the tokens of the sandbox chain whose symbol, name or address matches (any case), best match first ' +
  '(exact, then prefix, then anywhere; ties by 24h volume); price and liquidity from its pools, marketCapUsd = ' +
  'supply x price (null for the native coin), volume24hUsd from its swaps of the last 24 hours; verified is null ' +
  '(no token list vouches for sandbox tokens).';

/** As many results as the live search asks its provider for. */
const MAX_RESULTS = 20;

/** How well `token` matches `query` (0 best); undefined when it does not match. */
function matchRank(token: MarketToken, query: string): number | undefined {
  const [symbol, name, address] = [token.symbol, token.name, token.address].map((field) => field.toLowerCase()) as [
    string,
    string,
    string,
  ];
  if (symbol === query || address === query) return 0;
  if (name === query) return 1;
  if (symbol.startsWith(query)) return 2;
  if (name.startsWith(query) || address.startsWith(query)) return 3;
  if (symbol.includes(query) || name.includes(query)) return 4;
  return undefined;
}

/** The chain's tokens matching `query`, best first; empty on a chain the sandbox does not run. */
export async function sandboxSearchTokens(
  market: MarketActivity,
  chain: string,
  query: string,
): Promise<{ tokens: SearchedToken[]; note: string }> {
  const simulated = simulatedChain(market, chain);
  if (!simulated) return { tokens: [], note: notSimulatedNote(market, chain) };
  const [tokens, volumes] = await Promise.all([market.tokens(simulated), dayVolumesUsd(market, simulated, new Date())]);
  const wanted = query.trim().toLowerCase();
  const volumeOf = (token: MarketToken) => volumes.get(tokenKey(token.address)) ?? 0;
  const matches = tokens
    .map((token) => ({ token, rank: matchRank(token, wanted) }))
    .filter((match): match is { token: MarketToken; rank: number } => match.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || volumeOf(b.token) - volumeOf(a.token))
    .slice(0, MAX_RESULTS);
  return {
    tokens: matches.map(({ token }) => ({
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      chain: simulated,
      decimals: token.decimals,
      priceUsd: token.priceUsd,
      liquidityUsd: token.liquidityUsd,
      marketCapUsd: marketCapUsd(token),
      volume24hUsd: volumeOf(token),
      verified: null,
    })),
    note: SANDBOX_SEARCH_NOTE,
  };
}
