import type { SandboxSolana } from '@svc/sandbox';
import type { SolanaMintMarket, SolanaMints } from '../ports/solana-mints.js';

/** The sandbox Solana ledger's mints, named from the seeded token list when they are seeded tokens. */
export function sandboxSolanaMints(solana: SandboxSolana): SolanaMints {
  const mintState: SolanaMints['mintState'] = async (mint) => {
    const state = await solana.mintState(mint);
    if (!state) return undefined;
    const seeded = solana.tokens.find((token) => token.mint === mint);
    return { ...state, name: seeded?.name ?? null, symbol: seeded?.symbol ?? null };
  };

  /** USD value of both reserves of every venue pool holding `mint`, each side at its current venue price. */
  const liquidityUsd = async (mint: string): Promise<number> => {
    let total = 0;
    for (const pool of solana.venue.pools) {
      if (pool.base.mint !== mint && pool.quote.mint !== mint) continue;
      const reserves = await solana.venue.reserves(pool);
      for (const [token, atomic] of [
        [pool.base, reserves.base],
        [pool.quote, reserves.quote],
      ] as const) {
        const price = await solana.tokenPriceUsd(token.mint ?? 'SOL');
        total += (Number(atomic) / 10 ** token.decimals) * price;
      }
    }
    return total;
  };

  return {
    mintState,
    seededMarkets: async () => {
      const markets: SolanaMintMarket[] = [];
      for (const token of solana.tokens) {
        if (token.mint === null) continue;
        const state = await mintState(token.mint);
        if (!state) continue;
        markets.push({
          ...state,
          priceUsd: await solana.tokenPriceUsd(token.mint),
          liquidityUsd: await liquidityUsd(token.mint),
          category: token.category,
        });
      }
      return markets;
    },
  };
}
