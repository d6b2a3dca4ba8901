import type { SandboxSolana } from '@svc/sandbox';
import type { SolanaMints } from '../ports/solana-mints.js';

/** The sandbox Solana ledger's mints, named from the seeded token list when they are seeded tokens. */
export function sandboxSolanaMints(solana: SandboxSolana): SolanaMints {
  return {
    mintState: async (mint) => {
      const state = await solana.mintState(mint);
      if (!state) return undefined;
      const seeded = solana.tokens.find((token) => token.mint === mint);
      return { ...state, name: seeded?.name ?? null, symbol: seeded?.symbol ?? null };
    },
  };
}
